// The admin area end to end, as the admin in Chromium against the local API (issue 9):
// callbacks bulk delete, news/glossary/FAQ round trips seen on the public site, policy types,
// the users list and a user's policies (tombstoned deletes), the dashboard and mobile drawer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';

let session: BrowserSession;
let page: Page;
/** The ordinary user's own browser, for what they see of the admin's changes. */
let userSession: BrowserSession | undefined;

const tag = randomUUID().slice(0, 8);

function api(path: string): string {
  return `${inject('apiUrl')}${path}`;
}

async function rest(
  path: string,
  init: { method?: string; token?: string; body?: unknown; key?: string } = {},
): Promise<unknown> {
  const key = init.key ?? inject('anonKey');
  const response = await fetch(api(`/rest/v1/${path}`), {
    method: init.method ?? 'GET',
    headers: {
      apikey: key,
      authorization: `Bearer ${init.token ?? key}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A confirmed account (the local server autoconfirms) and its access token. */
async function signUp(email: string): Promise<{ id: string; token: string }> {
  const password = 'secret-pass-1';
  const headers = { apikey: inject('anonKey'), 'content-type': 'application/json' };
  const created = await fetch(api('/auth/v1/signup'), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(created.status).toBe(200);
  const signedIn = await fetch(api('/auth/v1/token?grant_type=password'), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const body = (await signedIn.json()) as { access_token: string; user: { id: string } };
  return { id: body.user.id, token: body.access_token };
}

function toasts() {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

async function toastWith(title: string, description?: string) {
  await toasts().getByText(title, { exact: true }).first().waitFor();
  if (description) await toasts().getByText(description, { exact: true }).first().waitFor();
}

async function waitForPath(path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

async function waitForTitle(title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
}

async function confirmDialog(question: string, button = 'Delete') {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

function row(text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

beforeAll(async () => {
  session = await openBrowser(viewports.desktop);
  page = session.page;
  await session.goto('/admin-login');
  await page.getByLabel('Email', { exact: true }).fill(inject('adminEmail'));
  await page.getByLabel('Password', { exact: true }).fill(inject('adminPassword'));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath('/admin');
});

afterAll(async () => {
  await userSession?.close();
  await session.close();
});

describe('admin', () => {
  it('dashboard welcomes the admin with tiles and live counts', async () => {
    await session.goto('/admin');
    await waitForTitle('Admin Dashboard | BimaGuide');
    await page.getByText(`Welcome, ${inject('adminEmail')}`).waitFor();
    const main = page.getByRole('main');
    for (const name of ['Callbacks', 'News', 'Glossary', 'FAQs', 'Policy Types', 'Users']) {
      await main.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    }
    await main.getByRole('link', { name: /^Change Password/ }).waitFor();
    const articles = (await rest('news?select=id')) as unknown[];
    await expect
      .poll(() => page.getByTestId('count-news').innerText())
      .toMatch(new RegExp(`^${articles.length}\\s*articles$`));
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const name of [
      'Dashboard',
      'Callbacks',
      'News',
      'Glossary',
      'FAQs',
      'Policy Types',
      'Users',
      'Back to Site',
      'Sign Out',
    ]) {
      await sidebar.getByText(name, { exact: true }).waitFor();
    }
  });

  it('callbacks: select-all then delete selected removes every request', async () => {
    for (const name of [`Asha ${tag}`, `Ravi ${tag}`]) {
      // As a visitor does on /advice: visitors may insert but never read a request back.
      const response = await fetch(api('/rest/v1/callbacks'), {
        method: 'POST',
        headers: {
          apikey: inject('anonKey'),
          authorization: `Bearer ${inject('anonKey')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name,
          phone: '+91 98300 12345',
          city: 'Kolkata',
          product: 'Term Insurance',
        }),
      });
      expect(response.status).toBe(201);
    }
    await session.goto('/admin/callbacks');
    await waitForTitle('Callback Requests | BimaGuide');
    await row(`Asha ${tag}`).waitFor();
    await row(`Ravi ${tag}`).getByRole('link', { name: '+91 98300 12345' }).waitFor();
    const deleteSelected = page.getByRole('button', { name: 'Delete selected' });
    await expect.poll(() => deleteSelected.isDisabled()).toBe(true);

    const rowBoxes = page.getByRole('checkbox', { name: /^Select callback from / });
    const count = await rowBoxes.count();
    await page.getByRole('checkbox', { name: 'Select all callbacks' }).check();
    for (let i = 0; i < count; i++) await expect.poll(() => rowBoxes.nth(i).isChecked()).toBe(true);
    await expect.poll(() => deleteSelected.isEnabled()).toBe(true);

    await deleteSelected.click();
    await confirmDialog(
      `Are you sure you want to delete ${count} callback request(s)? This cannot be undone.`,
    );
    await toastWith('Success', `${count} callback(s) deleted.`);
    await page.getByText('No callback requests yet.').waitFor();
    const left = (await rest('callbacks?select=id', {
      key: inject('serviceRoleKey'),
    })) as unknown[];
    expect(left).toEqual([]);
  });

  it('news: create (slug from title), edit (slug stays), delete — each seen on the public site', async () => {
    const title = `E2E News ${tag}`;
    const slug = `e2e-news-${tag}`;
    await session.goto('/admin/news');
    await page.getByRole('link', { name: 'Create Article' }).click();
    await waitForPath('/admin/news/new');
    await page.getByRole('heading', { name: 'Create Article' }).waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await expect.poll(() => page.getByRole('textbox', { name: /^Slug/ }).inputValue()).toBe(slug);
    await page.getByRole('textbox', { name: /^Content/ }).fill('First line.\nSecond line.');
    await page.getByRole('button', { name: 'Save Article' }).click();
    await toastWith('Success', 'Article created.');
    await waitForPath('/admin/news');
    await row(title).waitFor();

    await session.goto(`/news/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await session.goto('/admin/news');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Article' }).waitFor();
    const titleBox = page.getByRole('textbox', { name: /^Title/ });
    await expect.poll(() => titleBox.inputValue()).toBe(title);
    await titleBox.fill(`${title} updated`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Slug/ }).inputValue()).toBe(slug);
    await page.getByRole('button', { name: 'Save Article' }).click();
    await toastWith('Success', 'Article updated.');
    await waitForPath('/admin/news');

    await session.goto(`/news/${slug}`);
    await page.getByRole('heading', { level: 1, name: `${title} updated` }).waitFor();

    await session.goto('/admin/news');
    await page.getByRole('button', { name: `Delete ${title} updated` }).click();
    await confirmDialog('Are you sure you want to delete this article?');
    await toastWith('Success', 'Article deleted.');
    await row(title).waitFor({ state: 'detached' });
    await session.goto('/news');
    await page.getByRole('heading', { level: 1, name: 'Insurance News' }).waitFor();
    await page.getByText(title).waitFor({ state: 'detached' });
  });

  it('glossary: create, edit, delete — seen on the public site', async () => {
    const term = `E2E Term ${tag}`;
    const slug = `e2e-term-${tag}`;
    await session.goto('/admin/glossary/new');
    await page.getByRole('heading', { name: 'Create Term' }).waitFor();
    await page.getByRole('textbox', { name: /^Term/ }).fill(term);
    await expect.poll(() => page.getByRole('textbox', { name: /^Slug/ }).inputValue()).toBe(slug);
    await page.getByRole('textbox', { name: /^Definition/ }).fill('A word tests use.');
    await page.getByRole('button', { name: 'Save Term' }).click();
    await toastWith('Success', 'Term created.');
    await waitForPath('/admin/glossary');
    await row(term).getByText('A word tests use.').waitFor();

    await session.goto(`/glossary/${slug}`);
    await page.getByRole('heading', { level: 1, name: term }).waitFor();
    await page.getByText('A word tests use.').waitFor();

    await session.goto('/admin/glossary');
    await page.getByRole('link', { name: `Edit ${term}` }).click();
    const definition = page.getByRole('textbox', { name: /^Definition/ });
    await expect.poll(() => definition.inputValue()).toBe('A word tests use.');
    await page.getByRole('textbox', { name: /^Term/ }).fill(`${term} (edited)`);
    await definition.fill('A better definition.');
    await expect.poll(() => page.getByRole('textbox', { name: /^Slug/ }).inputValue()).toBe(slug);
    await page.getByRole('button', { name: 'Save Term' }).click();
    await toastWith('Success', 'Term updated.');
    await waitForPath('/admin/glossary');

    await session.goto(`/glossary/${slug}`);
    await page.getByText('A better definition.').waitFor();

    await session.goto('/admin/glossary');
    await page.getByRole('button', { name: `Delete ${term} (edited)` }).click();
    await confirmDialog('Are you sure you want to delete this term?');
    await toastWith('Success', 'Term deleted.');
    await row(term).waitFor({ state: 'detached' });
  });

  it('FAQs: create, edit, delete — seen on the public FAQ page', async () => {
    const question = `E2E question ${tag}?`;
    await session.goto('/admin/faqs/new');
    await page.getByRole('heading', { name: 'Create FAQ' }).waitFor();
    await page.getByRole('textbox', { name: /^Question/ }).fill(question);
    await page.getByRole('textbox', { name: /^Answer/ }).fill('An answer.');
    await page.getByRole('button', { name: 'Save FAQ' }).click();
    await toastWith('Success', 'FAQ created.');
    await waitForPath('/admin/faqs');
    await row(question).waitFor();

    await session.goto('/faq');
    await page.getByRole('button', { name: question }).waitFor();

    await session.goto('/admin/faqs');
    await page.getByRole('link', { name: `Edit ${question}` }).click();
    const answer = page.getByRole('textbox', { name: /^Answer/ });
    await expect.poll(() => answer.inputValue()).toBe('An answer.');
    await answer.fill('A clearer answer.');
    await page.getByRole('button', { name: 'Save FAQ' }).click();
    await toastWith('Success', 'FAQ updated.');
    await row(question).getByText('A clearer answer.').waitFor();

    await session.goto('/faq');
    await page.getByRole('button', { name: question }).click();
    await page.getByText('A clearer answer.').waitFor();

    await session.goto('/admin/faqs');
    await page.getByRole('button', { name: `Delete ${question}` }).click();
    await confirmDialog('Are you sure you want to delete this FAQ?');
    await toastWith('Success', 'FAQ deleted.');
    await row(question).waitFor({ state: 'detached' });
  });

  describe('policy types, users and their policies', () => {
    const typeName = `Travel ${tag}`;
    const email = `e2e-user-${tag}@example.com`;
    let user: { id: string; token: string };
    let typeId = '';

    it('creates a policy type with a live icon preview; users can pick it', async () => {
      await session.goto('/admin/policy-types');
      await waitForTitle('Policy Types | BimaGuide');
      await row('Health').locator('svg').first().waitFor();
      await page.getByRole('link', { name: 'Create Policy Type' }).click();
      await page.getByRole('heading', { name: 'Create Policy Type' }).waitFor();
      await page.getByRole('textbox', { name: /^Type Name/ }).fill(typeName);
      const icon = page.getByRole('textbox', { name: 'Icon Name' });
      expect(await icon.getAttribute('placeholder')).toBe('e.g., Car, HeartPulse');
      await icon.fill('NoSuchIconAtAll');
      await page
        .getByText('Lucide has no icon called “NoSuchIconAtAll”: the default icon will be shown.')
        .waitFor();
      await icon.fill('Plane');
      await page.getByText('Preview of “Plane”.').waitFor();
      await page.getByRole('button', { name: 'Save Type' }).click();
      await toastWith('Policy type created');
      await waitForPath('/admin/policy-types');
      await row(typeName).getByText('Plane').waitFor();

      // Global types are what every user's policy form offers.
      const types = (await rest(
        `policy_types?select=id,name,user_id&name=eq.${encodeURIComponent(typeName)}`,
      )) as {
        id: string;
        user_id: string | null;
      }[];
      expect(types).toHaveLength(1);
      expect(types[0]?.user_id).toBeNull();
      typeId = types[0]?.id ?? '';
    });

    it('lists a new sign-up, never the admin, and finds users by email', async () => {
      user = await signUp(email);
      await session.goto('/admin/users');
      await waitForTitle('Users | BimaGuide');
      await row(email).waitFor();
      await expect(page.getByText(inject('adminEmail'), { exact: true }).count()).resolves.toBe(0);
      await row(email).getByText('Never').waitFor({ state: 'detached' });
      await page.getByRole('searchbox', { name: 'Search by email' }).fill(`user-${tag}`);
      await page.waitForURL((url) => url.searchParams.get('q') === `user-${tag}`);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('searchbox', { name: 'Search by email' }).fill(`nobody-${tag}`);
      await page.getByText('No users found.').waitFor();
    });

    it('offers the new type in the user’s own policy form', async () => {
      userSession = await openBrowser(viewports.desktop);
      const userPage = userSession.page;
      await userSession.goto('/policy-tracker/new');
      await userPage.waitForURL((url) => url.pathname === '/login');
      await userPage.getByLabel('Email', { exact: true }).fill(email);
      await userPage.getByLabel('Password', { exact: true }).fill('secret-pass-1');
      await userPage.getByRole('button', { name: 'Login', exact: true }).click();
      await userPage.waitForURL((url) => url.pathname === '/policy-tracker/new');
      await userPage.getByRole('combobox', { name: 'Policy Type' }).click();
      await userPage.getByRole('option', { name: typeName }).waitFor();
    });

    it('shows a user’s policies and deletes one as a tombstone the user’s devices pull', async () => {
      const health = '6f1a0c2e-0000-4000-8000-000000000002';
      const base = { start_date: '2025-01-01', renewal_frequency: 'yearly' };
      const [travel, star] = await Promise.all([
        rest('policies', {
          method: 'POST',
          token: user.token,
          body: {
            ...base,
            policy_type_id: typeId,
            insurer_name: 'Tata AIG',
            policy_number: `TR-${tag}`,
            next_renewal_date: '2026-02-01',
          },
        }),
        rest('policies', {
          method: 'POST',
          token: user.token,
          body: {
            ...base,
            policy_type_id: health,
            insurer_name: 'Star Health',
            policy_number: `SH-${tag}`,
            next_renewal_date: '2026-03-15',
          },
        }),
      ]);
      const starId = (star as { id: string }[])[0]?.id ?? '';
      expect((travel as unknown[]).length).toBe(1);

      // The user's dashboard has both after its sync pull.
      if (!userSession) throw new Error('the user session opens in the previous test');
      const userPage = userSession.page;
      await userSession.goto('/policy-tracker');
      await userPage.getByRole('article', { name: 'Star Health', exact: true }).waitFor();
      await userPage.getByRole('article', { name: 'Tata AIG', exact: true }).waitFor();

      await session.goto(`/admin/users?q=${encodeURIComponent(email)}`);
      await row(email)
        .getByRole('link', { name: `View Policies of ${email}` })
        .click();
      await waitForPath(`/admin/users/${user.id}/policies`);
      await page.getByRole('heading', { name: `Policies for ${email}` }).waitFor();
      await page.getByText('Total policies: 2').waitFor();
      await row(`TR-${tag}`).getByText(typeName).waitFor();
      await row(`SH-${tag}`).getByText('Health', { exact: true }).waitFor();
      await row(`SH-${tag}`).getByText('15 Mar 2026').waitFor();

      await row(`SH-${tag}`)
        .getByRole('button', { name: `Delete policy SH-${tag}` })
        .click();
      await confirmDialog('Are you sure you want to delete this policy for the user?');
      await toastWith('Policy deleted successfully');
      await page.getByText('Total policies: 1').waitFor();
      await row(`SH-${tag}`).waitFor({ state: 'detached' });

      // The row is kept as a tombstone, so the owner's next sync pull removes it everywhere.
      const own = (await rest(`policies?select=id,deleted_at&id=eq.${starId}`, {
        token: user.token,
      })) as {
        deleted_at: string | null;
      }[];
      expect(own[0]?.deleted_at).not.toBeNull();
      // Opening the dashboard again syncs, and the deleted policy leaves the user's device.
      await userSession.goto('/policy-tracker');
      await userPage.getByRole('article', { name: 'Tata AIG', exact: true }).waitFor();
      await userPage
        .getByRole('article', { name: 'Star Health', exact: true })
        .waitFor({ state: 'detached' });
    });

    it('deleting a type in use says how many policies use it and keeps them as N/A', async () => {
      await session.goto('/admin/policy-types');
      await page.getByRole('button', { name: `Delete ${typeName}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText('Are you sure? Deleting a type might affect existing policies.')
        .waitFor();
      await dialog
        .getByText("1 policy uses this type. It will be kept, with the type shown as 'N/A'.")
        .waitFor();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await toastWith('Policy type deleted');
      await row(typeName).waitFor({ state: 'detached' });

      await session.goto(`/admin/users/${user.id}/policies`);
      await page.getByText('Total policies: 1').waitFor();
      await row(`TR-${tag}`).getByText('N/A', { exact: true }).waitFor();
    });
  });

  it('a duplicate address is told as a sentence, never in the database’s words', async () => {
    const [taken] = (await rest('news?select=slug&limit=1')) as { slug: string }[];
    if (!taken) throw new Error('the seed has no news');
    await session.goto('/admin/news/new');
    await page.getByRole('textbox', { name: /^Title/ }).fill(`Clash ${tag}`);
    await page.getByRole('textbox', { name: /^Slug/ }).fill(taken.slug);
    await page.getByRole('textbox', { name: /^Content/ }).fill('Text.');
    await page.getByRole('button', { name: 'Save Article' }).click();
    await toastWith('Error saving article', 'An article with this address already exists.');
    await expect(page.locator('body').innerText()).resolves.not.toMatch(
      /duplicate key|violates|constraint/,
    );
    expect(new URL(page.url()).pathname).toBe('/admin/news/new');
  });

  it('after a delete, focus goes to the page heading rather than the page body', async () => {
    const title = `Focus ${tag}`;
    await rest('news', {
      method: 'POST',
      key: inject('serviceRoleKey'),
      body: { title, slug: `focus-${tag}`, content: 'Text.' },
    });
    await session.goto('/admin/news');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await confirmDialog('Are you sure you want to delete this article?');
    await row(title).waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement === document.body
            ? 'the body'
            : document.activeElement?.textContent,
        ),
      )
      .toBe('News Articles');
  });

  it('the sidebar marks exactly one item as the current page', async () => {
    const { id } = await signUp(`e2e-nav-${tag}@example.com`);
    const expected: [string, string][] = [
      ['/admin', 'Dashboard'],
      ['/admin/news', 'News'],
      ['/admin/news/new', 'News'],
      ['/admin/users', 'Users'],
      [`/admin/users/${id}/policies`, 'Users'],
    ];
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const [path, label] of expected) {
      await session.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const current = sidebar.locator('[aria-current="page"]');
      const highlighted = sidebar.locator('a[data-active]');
      await expect.poll(async () => [path, await current.allInnerTexts()]).toEqual([path, [label]]);
      await expect
        .poll(async () => [path, await highlighted.allInnerTexts()])
        .toEqual([path, [label]]);
    }
  });

  it('writes every date in the admin lists the same way', async () => {
    await signUp(`e2e-dates-${tag}@example.com`);
    const date = /^\d{2} [A-Z][a-z]{2} \d{4}$/;
    const dateTime = /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (am|pm)$/i;
    await session.goto('/admin/news');
    await page.getByRole('row').nth(1).waitFor();
    const published = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(published.length).toBeGreaterThan(0);
    for (const text of published) expect(text.trim()).toMatch(date);
    await session.goto('/admin/users');
    const signedUp = row(`e2e-dates-${tag}@example.com`);
    await signedUp.waitFor();
    const [joined, lastSignIn] = await signedUp
      .locator('td')
      .evaluateAll((cells) => cells.slice(1, 3).map((c) => c.textContent?.trim() ?? ''));
    expect(joined).toMatch(date);
    expect(lastSignIn).toMatch(dateTime);
  });

  it('on a 390 px phone every admin list shows its row actions without scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const lists: [string, RegExp][] = [
      ['/admin/news', /^Delete /],
      ['/admin/glossary', /^Delete /],
      ['/admin/faqs', /^Delete /],
      ['/admin/policy-types', /^Delete /],
      ['/admin/users', /^View Policies/],
    ];
    try {
      for (const [path, action] of lists) {
        await session.goto(path);
        await page.getByRole('row').nth(1).waitFor();
        // The page itself never scrolls sideways; a wide table scrolls inside its own box.
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, `${path} is wider than the phone`).toBeLessThanOrEqual(390);
        const button = page
          .getByRole(path === '/admin/users' ? 'link' : 'button', { name: action })
          .first();
        // On screen as the page opens: no sideways swipe through a table to find them.
        const box = await button.boundingBox();
        expect(box, `${path}: no action on screen`).not.toBeNull();
        if (!box) return;
        expect(box.x, path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, path).toBeLessThanOrEqual(390);
        // Nothing (a sticky header, a column) covers it: a tap there hits the action itself.
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('a, button')?.textContent ?? '',
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(hit, path).toMatch(path === '/admin/users' ? /View Policies/ : /Delete/);
      }
    } finally {
      await page.setViewportSize(viewports.desktop);
    }
  });

  it('on a phone the menu is a drawer behind the burger', async () => {
    await page.setViewportSize(viewports.phone);
    await session.goto('/admin');
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.getByRole('link', { name: 'Users' }).click();
    await waitForPath('/admin/users');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.setViewportSize(viewports.desktop);
  });

  it('changes the admin password only when both entries match and are long enough', async () => {
    await session.goto('/admin/password-reset');
    await waitForTitle('Change Password | BimaGuide');
    await page.getByLabel(/^New Password/).fill('abc');
    await page.getByLabel(/^Confirm New Password/).fill('abd');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    await page.getByText('Passwords do not match.').waitFor();
    // Changed and then changed back, so later suites can still sign in as the admin.
    for (const password of [`${inject('adminPassword')}-new`, inject('adminPassword')]) {
      await page.getByLabel(/^New Password/).fill(password);
      await page.getByLabel(/^Confirm New Password/).fill(password);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await toastWith('Password Updated', 'Your password has been successfully changed.');
      await expect.poll(() => page.getByLabel(/^New Password/).inputValue()).toBe('');
    }
  });
});
