// Accessibility of the main pages (issue 16): axe-core finds no serious or critical violation on
// a desktop and a 390×844 phone, signed out, signed in with due policies, and as the admin; and
// what axe cannot see: focus rings, reachable password toggles, dialogs that trap focus and give
// it back, and focus that lands somewhere sensible after a delete.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays } from '@/domain/policy';
import { chooseFile } from '../../scripts/bench/document-files';
import { describeFindings, seriousViolations } from './helpers/axe';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';
import { apiSignIn, namedAccount, rpcAs } from './helpers/sharing';

const PASSWORD = 'secret-pass-1';
const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const VEHICLE = '6f1a0c2e-0000-4000-8000-000000000001';
const phone = { width: 390, height: 844 };

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/**
 * A confirmed user with policies due within a week and within a month (the header's due count
 * and the due chips in orange and yellow) and two active ones, on the server.
 */
async function userWithPolicies(): Promise<string> {
  const email = `a11y-${randomUUID()}@example.com`;
  const headers = { apikey: inject('anonKey'), 'content-type': 'application/json' };
  const signUp = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const key = inject('serviceRoleKey');
  const base = { user_id: userId, renewal_frequency: 'yearly', start_date: addDays(today(), -300) };
  // Every row names the same columns (one bulk insert); Star Health has contacts to call, and
  // every policy a premium, so the premium outlook draws its bars and tables.
  const noContacts = { claim_helpline: null, tpa_name: null, tpa_helpline: null };
  const policies = [
    {
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      days: 5,
      premium_amount: 18500,
      claim_helpline: '1800-425-2255',
      tpa_name: 'Medi Assist',
      tpa_helpline: '1800 425 9449',
    },
    {
      policy_type_id: VEHICLE,
      insurer_name: 'Tata AIG',
      days: 20,
      premium_amount: 7200,
      ...noContacts,
    },
    {
      policy_type_id: HEALTH,
      insurer_name: 'Niva Bupa',
      days: 120,
      premium_amount: 24000,
      ...noContacts,
    },
    {
      policy_type_id: VEHICLE,
      insurer_name: 'ICICI Lombard',
      days: 200,
      premium_amount: 9100,
      ...noContacts,
    },
  ];
  const response = await fetch(`${inject('apiUrl')}/rest/v1/policies`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      policies.map(({ days, ...p }, i) => ({
        ...base,
        ...p,
        policy_number: `A11Y-${i + 1}`,
        next_renewal_date: addDays(today(), days),
      })),
    ),
  });
  expect(response.status).toBe(201);
  return email;
}

/** Priya shares a policy of hers with the account at `email` as viewer, and it accepts. */
async function sharePolicyWith(email: string): Promise<void> {
  const priya = await namedAccount('Priya');
  const pushed = await rpcAs<{ status: string }[]>(priya, 'sync_push', {
    ops: [
      {
        op_id: randomUUID(),
        table: 'policies',
        kind: 'upsert',
        row: {
          id: randomUUID(),
          policy_type_id: HEALTH,
          insurer_name: 'Care Health',
          policy_number: 'CH-7',
          start_date: addDays(today(), -100),
          next_renewal_date: addDays(today(), 265),
          renewal_frequency: 'yearly',
        },
      },
    ],
  });
  expect(pushed.map((r) => r.status)).toEqual(['applied']);
  const invited = await rpcAs<{ token: string }>(priya, 'create_share_invitation', {
    p_email: email,
    p_role: 'viewer',
    p_policy_id: null,
  });
  await rpcAs(await apiSignIn(email), 'accept_share_invitation', { p_token: invited.token });
}

/** Waits until nothing on the page says it is still loading. */
async function settled(page: Page) {
  await page.waitForFunction(() => !/Loading/.test(document.body.innerText));
}

async function expectNoSeriousViolations(page: Page, label: string, include?: string) {
  await settled(page);
  const findings = await seriousViolations(page, include);
  // Compared as text, so a failure reads as a list of elements and what to fix.
  expect(describeFindings(label, findings)).toBe(describeFindings(label, []));
}

/** Waits for a dialog's opening transition: mid-fade its colours are blends axe would flag. */
async function opened(dialog: Locator) {
  await dialog.waitFor();
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

async function signIn(session: BrowserSession, path: string, email: string, password: string) {
  const { page } = session;
  await session.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('button', { name: path === '/admin-login' ? 'Sign In' : 'Login', exact: true })
    .click();
}

const publicPages = [
  ['home', '/'],
  ['a guide', '/health-insurance'],
  ['a guide in Hindi', '/hi/what-is-bima-sugam'],
  ['news', '/news'],
  ['FAQ', '/faq'],
  ['glossary', '/glossary'],
  ['login', '/login'],
  ['admin login', '/admin-login'],
] as const;

describe.each([
  ['desktop', viewports.desktop],
  ['phone 390×844', phone],
])('axe on the main pages (%s)', (name, viewport) => {
  let visitor: BrowserSession;
  let user: BrowserSession;
  let admin: BrowserSession;
  let email: string;

  beforeAll(async () => {
    email = await userWithPolicies();
    // One at a time: three browsers starting at once on a busy two-core machine made the first
    // page miss its 10 s budget.
    visitor = await openBrowser(viewport);
    user = await openBrowser(viewport);
    admin = await openBrowser(viewport);
    await signIn(user, '/login', email, PASSWORD);
    await user.page.waitForURL((url) => url.pathname === '/policy-tracker');
    await signIn(admin, '/admin-login', inject('adminEmail'), inject('adminPassword'));
    await admin.page.waitForURL((url) => url.pathname === '/admin');
  });

  afterAll(async () => {
    await Promise.all([visitor.close(), user.close(), admin.close()]);
  });

  it.each(publicPages)('%s', async (label, path) => {
    await visitor.goto(path);
    await expectNoSeriousViolations(visitor.page, `${name} ${label} (${path})`);
  });

  it('the signed-in dashboard with due policies, and its delete dialog', async () => {
    const { page } = user;
    await user.goto('/policy-tracker');
    await page.getByRole('article', { name: 'Star Health', exact: true }).waitFor();
    await page.getByTestId('due-count-badge').first().waitFor({ state: 'attached' });
    await expectNoSeriousViolations(page, `${name} dashboard`);

    await page
      .getByRole('article', { name: 'Niva Bupa', exact: true })
      .getByRole('button', { name: /^More actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await opened(dialog);
    await expectNoSeriousViolations(page, `${name} delete dialog`, '[aria-modal="true"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the policy page, with its contacts and its menu', async () => {
    const { page } = user;
    await user.goto('/policy-tracker');
    await page
      .getByRole('article', { name: 'Star Health', exact: true })
      .getByRole('link', { name: 'Star Health' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await page.getByRole('link', { name: /^Call Medi Assist/ }).waitFor();
    await expectNoSeriousViolations(page, `${name} policy page`);
    await page.getByRole('button', { name: /^More actions for/ }).click();
    await page.getByRole('menu').waitFor();
    await expectNoSeriousViolations(page, `${name} policy page menu`);
    await page.keyboard.press('Escape');
  });

  it('family sharing: who has access, the invite dialog and the invitations page', async () => {
    const { page } = user;
    await user.goto('/policy-tracker');
    await page
      .getByRole('article', { name: 'Star Health', exact: true })
      .getByRole('link', { name: 'Star Health' })
      .click();
    const section = page.getByRole('region', { name: 'Who has access' });
    await section.getByText('Nobody else has access yet.').waitFor();
    await expectNoSeriousViolations(page, `${name} who has access`);
    const share = section.getByRole('button', { name: 'Share with family' });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Share this policy' });
    await opened(dialog);
    await expectNoSeriousViolations(page, `${name} invite dialog`, '[aria-modal="true"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => share.evaluate((el) => el === document.activeElement)).toBe(true);

    await user.goto('/policy-tracker/invitations');
    await page.getByRole('region', { name: 'Invitations you sent' }).waitFor();
    await page
      .getByRole('region', { name: 'Who has access to your policies' })
      .getByText('Nobody else has access yet.')
      .waitFor();
    await expectNoSeriousViolations(page, `${name} invitations page`);
  });

  it('a policy shared with the user: its page with the "Shared with you by" panel', async () => {
    const { page } = user;
    await sharePolicyWith(email);
    await user.goto('/policy-tracker');
    const card = page.getByRole('article', { name: 'Care Health', exact: true });
    await card.getByText('Shared by Priya').waitFor({ timeout: 20_000 });
    await expectNoSeriousViolations(page, `${name} dashboard with a shared policy`);
    await card.getByRole('link', { name: 'Care Health' }).click();
    await page.getByRole('heading', { name: 'Shared with you by Priya · viewer' }).waitFor();
    await page.getByRole('switch', { name: /^Remind me about these policies/ }).waitFor();
    await expectNoSeriousViolations(page, `${name} shared policy page`);
  });

  it('the premium outlook, with its table shown', async () => {
    const { page } = user;
    await user.goto('/policy-tracker/outlook');
    await page.getByRole('heading', { level: 1, name: 'Premium outlook' }).waitFor();
    await page.getByTestId('premium-chart').waitFor();
    await page.getByRole('button', { name: 'Show as a table' }).click();
    await page.getByRole('table', { name: /^Premiums due by month/ }).waitFor();
    await expectNoSeriousViolations(page, `${name} premium outlook`);
  });

  it('the policy page with a document, and the photo viewer', async () => {
    const { page } = user;
    await user.goto('/policy-tracker');
    await page
      .getByRole('article', { name: 'Star Health', exact: true })
      .getByRole('link', { name: 'Star Health' })
      .click();
    await page.getByRole('region', { name: 'Documents' }).waitFor();
    // A small photo of an e-card, drawn in the page: no binary fixture in the repository.
    const jpeg = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(800, 500);
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, 800, 500);
      g.fillStyle = '#000';
      g.font = '48px sans-serif';
      g.fillText('Star Health e-card', 40, 100);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg' });
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    await chooseFile(page, 'Add photo', {
      name: 'e-card.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(jpeg),
    });
    const open = page.getByRole('button', { name: /^Open Photo / }).last();
    await open.waitFor();
    // The pointer is still on Add photo, so its hover colours are checked too.
    await expectNoSeriousViolations(page, `${name} policy page documents`);

    await open.click();
    const viewer = page.getByRole('dialog', { name: /^Photo / });
    await opened(viewer);
    await viewer.getByRole('img', { name: /^Photo / }).waitFor();
    await expectNoSeriousViolations(page, `${name} photo viewer`, '[aria-modal="true"]');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the policy form, its contacts unfolded', async () => {
    await user.goto('/policy-tracker/new');
    await user.page.getByRole('heading', { level: 1, name: 'Add a New Policy' }).waitFor();
    await user.page.getByRole('button', { name: 'Contacts and nominee' }).click();
    await user.page.getByRole('textbox', { name: "Insurer's Claim Helpline" }).waitFor();
    await expectNoSeriousViolations(user.page, `${name} policy form`);
  });

  it('export and import: the page, the column matching and the review', async () => {
    const { page } = user;
    await user.goto('/policy-tracker/transfer');
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await expectNoSeriousViolations(page, `${name} export and import`);

    await page.locator('input[type="file"]').setInputFiles({
      name: 'policies.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Insurer,Number,Type,Start date,Next renewal date',
          'Acko,AC-1,Health,2025-01-01,2026-01-01',
          'Acko,AC-1,Health,2025-01-01,2026-01-01',
          ',AC-2,Health,2025-01-01,2024-01-01',
        ].join('\n'),
      ),
    });
    await page.getByRole('heading', { name: 'Match the columns' }).waitFor();
    await expectNoSeriousViolations(page, `${name} import column matching`);

    await page
      .getByRole('combobox', { name: 'Policy number (required)' })
      .selectOption({ label: 'Number' });
    await page.getByRole('button', { name: 'Check 3 rows' }).click();
    await page.getByRole('list', { name: 'Lines with errors' }).waitFor();
    await page.getByRole('list', { name: 'Duplicates' }).waitFor();
    await expectNoSeriousViolations(page, `${name} import review`);
  });

  it('the admin dashboard, admin lists and a delete dialog', async () => {
    const { page } = admin;
    for (const path of ['/admin', '/admin/users', '/admin/news']) {
      await admin.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoSeriousViolations(page, `${name} ${path}`);
    }
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete article' });
    await opened(dialog);
    await expectNoSeriousViolations(page, `${name} admin delete dialog`, '[aria-modal="true"]');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

/** The element with focus, described by its role and name (or tag), for readable failures. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${name}"`;
  });
}

function relativeLuminance([r, g, b]: number[]): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = (c ?? 0) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
}

function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The focus outline drawn around a field (on it or on Mantine's wrapper) and the page behind. */
async function focusRing(field: Locator) {
  return field.evaluate((input) => {
    const rgb = (colour: string) => (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const candidates = [input, input.closest('.mantine-Input-input')];
    for (const el of candidates) {
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
        let bg = 'rgb(255, 255, 255)';
        for (let p = el.parentElement; p; p = p.parentElement) {
          const c = getComputedStyle(p).backgroundColor;
          if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
            bg = c;
            break;
          }
        }
        return {
          width: parseFloat(style.outlineWidth),
          colour: rgb(style.outlineColor),
          bg: rgb(bg),
        };
      }
    }
    return null;
  });
}

describe('keyboard and focus', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(viewports.desktop);
    page = session.page;
  });

  afterAll(async () => {
    await session.close();
  });

  it('every field shows a focus ring of at least 2 px and 3:1 against the page', async () => {
    await session.goto('/login');
    await page.keyboard.press('Tab');
    const fields = [
      page.getByLabel('Email', { exact: true }),
      page.getByLabel('Password', { exact: true }),
    ];
    for (const field of fields) {
      await field.focus();
      const ring = await focusRing(field);
      expect(ring, 'no outline around the focused field').not.toBeNull();
      if (!ring) return;
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.colour, ring.bg)).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(['/login', '/admin-login'])(
    'on %s the password show/hide toggle is reached by Tab, named and works',
    async (path) => {
      await session.goto(path);
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('typed-secret');
      await password.focus();
      await page.keyboard.press('Tab');
      const toggle = page.getByRole('button', { name: 'Show or hide password', pressed: false });
      await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Show or hide password', pressed: true }).waitFor();
    },
  );

  it('a confirm dialog traps Tab, returns focus to its opener, and a delete moves focus to the next card', async () => {
    const email = await userWithPolicies();
    await signIn(session, '/login', email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    const trigger = page
      .getByRole('article', { name: 'Star Health', exact: true })
      .getByRole('button', { name: /^More actions for/ });
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      await page.keyboard.press('Tab');
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `focus left the dialog for ${await focused(page)}`,
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // The cards are ordered by renewal date: Star Health, Tata AIG, Niva Bupa, ICICI Lombard.
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Star Health', exact: true }).waitFor({
      state: 'detached',
    });
    const next = page.getByRole('article', { name: 'Tata AIG', exact: true });
    await expect
      .poll(async () =>
        (await next.evaluate((el) => el === document.activeElement)) ? 'next card' : focused(page),
      )
      .toBe('next card');
  });
});
