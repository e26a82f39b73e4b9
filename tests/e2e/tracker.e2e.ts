import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, addMonths } from '@/domain/policy';
import { formatPolicyDate } from '@/domain/tracker';
import {
  openBrowser,
  viewports,
  waitForServiceWorker,
  type BrowserSession,
} from './helpers/browser';

// The offline part stops short of a full-page reload while offline: that needs the service
// worker's precache (a later issue). Everything else here runs offline after the app loaded.

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

const PASSWORD = 'secret-pass-1';
const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const VEHICLE = '6f1a0c2e-0000-4000-8000-000000000001';

function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** Today where the browser is (the e2e browser runs in Asia/Kolkata), as YYYY-MM-DD. */
function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

async function createUser(email: string): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Reads the server's rows with the service key (bypasses RLS, sees tombstones too). */
async function serverRows<T>(path: string): Promise<T[]> {
  const key = inject('serviceRoleKey');
  const response = await fetch(`${inject('apiUrl')}/rest/v1/${path}`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
}

interface ServerPolicy {
  id: string;
  insurer_name: string;
  policy_number: string;
  next_renewal_date: string;
  premium_amount: number | null;
  deleted_at: string | null;
  policy_members: { deleted_at: string | null; people: { name: string; relationship: string } }[];
}

function policiesOf(userId: string): Promise<ServerPolicy[]> {
  return serverRows<ServerPolicy>(
    `policies?user_id=eq.${userId}&select=id,insurer_name,policy_number,next_renewal_date,premium_amount,deleted_at,policy_members(deleted_at,people(name,relationship))&order=insurer_name`,
  );
}

async function insertOnServer(
  table: string,
  row: Record<string, unknown> | Record<string, unknown>[],
): Promise<void> {
  const key = inject('serviceRoleKey');
  const response = await fetch(`${inject('apiUrl')}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(row),
  });
  expect(response.status).toBe(201);
}

function addPolicyOnServer(userId: string, fields: Record<string, unknown>): Promise<void> {
  return insertOnServer('policies', { user_id: userId, renewal_frequency: 'yearly', ...fields });
}

function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

async function toastWith(page: Page, title: string) {
  // The same message twice in a row: the first may still be fading out as the second shows.
  await toasts(page).getByText(title, { exact: true }).last().waitFor();
}

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

async function waitForTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
}

const SAVED_OFFLINE = 'Saved on this device — it will sync when you are online';

async function signInTo(path: string, email: string): Promise<Page> {
  session ??= await openBrowser();
  const page = session.page;
  await session.goto(path);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await waitForPath(page, path);
  return page;
}

function card(page: Page, insurer: string): Locator {
  return page.getByRole('article', { name: insurer, exact: true });
}

function summaryCard(page: Page, label: string): Locator {
  return page
    .getByRole('group', { name: 'Policy summary' })
    .getByRole('button', { name: new RegExp(`^${label}`) });
}

interface PolicyFields {
  type: 'Health' | 'Vehicle';
  insurer: string;
  number: string;
  start: string;
  renewal: string;
  frequency?: string;
  premium?: string;
  cover?: string;
  members?: { name: string; relationship: string }[];
}

async function fillPolicyForm(page: Page, policy: PolicyFields) {
  await page.getByRole('combobox', { name: 'Policy Type' }).click();
  await page.getByRole('option', { name: policy.type, exact: true }).click();
  await page.getByRole('textbox', { name: 'Insurer Name' }).fill(policy.insurer);
  await page.getByRole('textbox', { name: 'Policy Number' }).fill(policy.number);
  await page.getByRole('textbox', { name: 'Start Date' }).fill(typed(policy.start));
  await page.getByRole('textbox', { name: 'Next Renewal Date' }).fill(typed(policy.renewal));
  await page.getByRole('textbox', { name: 'Next Renewal Date' }).press('Tab');
  if (policy.frequency) {
    await page.getByLabel('Renewal Frequency').selectOption({ label: policy.frequency });
  }
  if (policy.cover) await page.getByLabel('Sum Insured / Coverage').fill(policy.cover);
  if (policy.premium) await page.getByLabel('Premium Amount').fill(policy.premium);
  for (const [index, member] of (policy.members ?? []).entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByLabel(`Member ${index + 1} name`).fill(member.name);
    await page.getByLabel(`Member ${index + 1} relationship`).fill(member.relationship);
  }
}

async function addPolicy(page: Page, policy: PolicyFields, saved = 'Policy added successfully!') {
  await page.getByRole('link', { name: 'Add New Policy' }).click();
  await waitForPath(page, '/policy-tracker/new');
  await page.getByRole('heading', { level: 1, name: 'Add a New Policy' }).waitFor();
  await fillPolicyForm(page, policy);
  await page.getByRole('button', { name: 'Add Policy' }).click();
  await toastWith(page, saved);
  await waitForPath(page, '/policy-tracker');
  await card(page, policy.insurer).waitFor();
}

async function openCardMenu(page: Page, insurer: string) {
  // A toast sits over the bottom-right corner where a card's menu can open; a click on it would
  // land outside the menu and close it, so wait until the last one has gone.
  await toasts(page).getByRole('alert').last().waitFor({ state: 'detached', timeout: 15_000 });
  await card(page, insurer)
    .getByRole('button', { name: /^More actions for/ })
    .click();
}

async function waitForAllSynced(page: Page) {
  await page.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });
}

/** A new account signed in on its (empty) dashboard. */
async function newUserOnEmptyTracker(label: string) {
  const email = uniqueEmail(label);
  const userId = await createUser(email);
  const page = await signInTo('/policy-tracker', email);
  await page.getByRole('heading', { name: 'No policies yet' }).waitFor({ timeout: 30_000 });
  return { page, userId, today: browserToday() };
}

describe('policy tracker', () => {
  it('adds (with members), filters, edits, renews and deletes; the server gets every change', async () => {
    const email = uniqueEmail('tracker');
    const userId = await createUser(email);
    const today = browserToday();
    // A policy only on the server: the dashboard must download it.
    await addPolicyOnServer(userId, {
      policy_type_id: VEHICLE,
      insurer_name: 'Tata AIG',
      policy_number: 'TA-3',
      start_date: addDays(today, -400),
      next_renewal_date: addDays(today, -5),
    });

    const page = await signInTo('/policy-tracker', email);
    await waitForTitle(page, 'Policy Dashboard | BimaGuide');
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();
    await page.getByText('Your central hub for all insurance policies.').waitFor();
    await card(page, 'Tata AIG').getByText('Lapsed 5 days ago').waitFor();

    // Required fields: toast, field messages, nothing saved.
    await page.getByRole('link', { name: 'Add New Policy' }).click();
    await waitForTitle(page, 'Add a New Policy | BimaGuide');
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await toastWith(page, 'Please fill all required fields.');
    await page.getByText('Insurer name is required').waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await waitForPath(page, '/policy-tracker');

    const starRenewal = addDays(today, 10);
    await addPolicy(page, {
      type: 'Health',
      insurer: 'Star Health',
      number: 'SH-100',
      start: addDays(starRenewal, -365),
      renewal: starRenewal,
      frequency: 'Monthly',
      premium: '1000',
      cover: '500000',
      members: [
        { name: 'Asha', relationship: 'Self' },
        { name: 'Ravi', relationship: 'Spouse' },
      ],
    });
    const star = card(page, 'Star Health');
    await star.getByText('Due Soon', { exact: true }).waitFor();
    await star.getByText('10 days left').waitFor();
    await star.getByText(formatPolicyDate(starRenewal)).waitFor();
    await star.getByText('Asha (Self), Ravi (Spouse)').waitFor();

    await addPolicy(page, {
      type: 'Vehicle',
      insurer: 'ICICI Lombard',
      number: 'IL-200',
      start: addDays(today, -30),
      renewal: addDays(today, 335),
      premium: '12000',
      cover: '600000',
    });
    await card(page, 'ICICI Lombard').getByText('Active', { exact: true }).waitFor();

    // Summary counts and totals (monthly 1000 → 12,000 a year; the lapsed policy left out).
    await summaryCard(page, 'Total Policies').getByText('3').waitFor();
    await summaryCard(page, 'Active').getByText('1').waitFor();
    await summaryCard(page, 'Due Soon').getByText('1').waitFor();
    await summaryCard(page, 'Lapsed').getByText('1').waitFor();
    await page.getByTestId('annual-premium').getByText('₹24,000').waitFor();
    await page.getByText('Active + Due Soon: 2 policies').waitFor();
    // Cover per type: a car's value is not added to health cover.
    expect(await page.getByTestId('cover-by-type').textContent()).toBe(
      'Health ₹5,00,000 · Vehicle ₹6,00,000',
    );

    // A summary card sets the status filter, in the URL.
    await summaryCard(page, 'Lapsed').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'lapsed');
    expect(await summaryCard(page, 'Lapsed').getAttribute('aria-pressed')).toBe('true');
    await card(page, 'Star Health').waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);

    // Type AND status: Health + Lapsed matches nothing.
    await page.getByRole('combobox', { name: 'Policy type' }).selectOption({ label: 'Health' });
    await page.waitForURL((url) => url.searchParams.get('type') === HEALTH);
    await page.getByRole('heading', { name: 'No policies match your filters' }).waitFor();
    await summaryCard(page, 'Due Soon').click();
    await card(page, 'Star Health').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    // The cards change first; the address follows a moment later.
    await page.waitForURL((url) => url.searchParams.get('status') === 'due-soon');

    // Filters survive a reload.
    await page.reload();
    await card(page, 'Star Health').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await card(page, 'ICICI Lombard').waitFor();
    expect(await page.getByRole('article').count()).toBe(3);

    // The card menu by keyboard: Enter opens it on Edit, the arrows move, Escape gives focus back.
    await toasts(page).getByRole('alert').last().waitFor({ state: 'detached', timeout: 15_000 });
    const trigger = card(page, 'Star Health').getByRole('button', { name: /^More actions for/ });
    const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'More actions for Star Health SH-100' });
    await menu.waitFor();
    expect(await hasFocus(menu.getByRole('menuitem', { name: 'Edit' }))).toBe(true);
    for (const item of ['Add to calendar', 'Share', 'Delete']) {
      await page.keyboard.press('ArrowDown');
      expect(await hasFocus(menu.getByRole('menuitem', { name: item }))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await hasFocus(trigger)).toBe(true);

    // Edit.
    await openCardMenu(page, 'Star Health');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/policy-tracker/edit/'));
    const starId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await waitForTitle(page, 'Edit Policy | BimaGuide');
    const insurer = page.getByRole('textbox', { name: 'Insurer Name' });
    expect(await insurer.inputValue()).toBe('Star Health');
    expect(await page.getByLabel('Member 2 name').inputValue()).toBe('Ravi');
    await insurer.fill('Star Health Plus');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, 'Policy updated successfully!');
    await waitForPath(page, '/policy-tracker');
    const starPlus = card(page, 'Star Health Plus');
    await starPlus.waitFor();

    // Renew: one month forward from the current date.
    await starPlus.getByRole('button', { name: /^Mark Renewed/ }).click();
    const renew = page.getByRole('dialog', { name: 'Mark as Renewed?' });
    await renew
      .getByText(
        "This will advance the renewal date based on the policy's frequency. This action can be edited later.",
      )
      .waitFor();
    await renew.getByRole('button', { name: 'Confirm Renewal' }).click();
    await toastWith(page, 'Policy renewed successfully!');
    const renewed = addMonths(starRenewal, 1);
    await starPlus.getByText(formatPolicyDate(renewed)).waitFor();
    await starPlus.getByText('Active', { exact: true }).waitFor();

    // Delete.
    await openCardMenu(page, 'ICICI Lombard');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm
      .getByText('This action cannot be undone. This will permanently delete the policy.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Policy deleted successfully');
    await card(page, 'ICICI Lombard').waitFor({ state: 'detached' });

    // An unknown id on the edit route goes back with an error.
    await session?.goto(`/policy-tracker/edit/${randomUUID()}`);
    await toastWith(page, 'Error fetching policy data');
    await waitForPath(page, '/policy-tracker');

    await waitForAllSynced(page);
    const rows = await policiesOf(userId);
    const byInsurer = new Map(rows.map((r) => [r.insurer_name, r]));
    expect(byInsurer.get('ICICI Lombard')?.deleted_at).not.toBeNull();
    const saved = byInsurer.get('Star Health Plus');
    expect(saved).toMatchObject({
      id: starId,
      policy_number: 'SH-100',
      next_renewal_date: renewed,
      premium_amount: 1000,
      deleted_at: null,
    });
    expect(
      saved?.policy_members
        .filter((m) => m.deleted_at === null)
        .map((m) => `${m.people.name}:${m.people.relationship}`)
        .sort(),
    ).toEqual(['Asha:Self', 'Ravi:Spouse']);
  });

  it('searches insurer, policy number, plan and member names, with the filters, in the address', async () => {
    const email = uniqueEmail('search');
    const userId = await createUser(email);
    const today = browserToday();
    const starId = randomUUID();
    const seeded: [string, string, string, string, number][] = [
      // id, insurer, number, plan, days to renewal
      [starId, 'Star Health', 'SH-100', 'Family Optima', 10],
      [randomUUID(), 'ICICI Lombard', 'IL-200', 'Car Secure', 200],
      [randomUUID(), 'Tata AIG', 'TA-3', 'Medicare', -5],
    ];
    for (const [id, insurer, number, plan, days] of seeded) {
      await addPolicyOnServer(userId, {
        id,
        policy_type_id: HEALTH,
        insurer_name: insurer,
        policy_number: number,
        product_name: plan,
        start_date: addDays(today, days - 365),
        next_renewal_date: addDays(today, days),
      });
    }
    const ravi = randomUUID();
    await insertOnServer('people', {
      id: ravi,
      user_id: userId,
      name: 'Ravi Kumar',
      relationship: 'Spouse',
    });
    await insertOnServer('policy_members', { policy_id: starId, person_id: ravi, user_id: userId });

    const page = await signInTo('/policy-tracker', email);
    await card(page, 'Tata AIG').waitFor();
    await page.getByText('Ravi Kumar (Spouse)').waitFor();
    const search = page.getByRole('searchbox', { name: 'Search policies' });

    // A member's name, in any case, with spaces around it; kept as typed, trimmed in the URL.
    await search.fill('  RAVI ');
    await card(page, 'ICICI Lombard').waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);
    await card(page, 'Star Health').waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === 'RAVI');
    expect(await search.inputValue()).toBe('  RAVI ');

    // AND the status: Ravi's policy is not lapsed.
    await summaryCard(page, 'Lapsed').click();
    await page.getByRole('heading', { name: 'No policies match your filters' }).waitFor();
    await summaryCard(page, 'Lapsed').click();
    await card(page, 'Star Health').waitFor();

    // A plan name, and a policy number.
    await search.fill('medicare');
    await card(page, 'Tata AIG').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await search.fill('il-2');
    await card(page, 'ICICI Lombard').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.waitForURL((url) => url.searchParams.get('q') === 'il-2');

    // The address keeps it: a reload shows the same search.
    await page.reload();
    await card(page, 'ICICI Lombard').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await search.inputValue()).toBe('il-2');

    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.waitForURL((url) => url.search === '');
    expect(await search.inputValue()).toBe('');
    await card(page, 'Star Health').waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
  });

  it('works offline: changes wait on the device, then reach the server; another account sees none of them', async () => {
    const email = uniqueEmail('offline');
    const userId = await createUser(email);
    const today = browserToday();
    const page = await signInTo('/policy-tracker', email);
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor();
    await page.getByText('Add your first policy to start tracking renewals.').waitFor();
    await waitForAllSynced(page);

    // Load the form's code while online (offline reloads need the service worker, later).
    await page.getByRole('link', { name: 'Add Your First Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add a New Policy' }).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await session?.goto(`/policy-tracker/edit/${randomUUID()}`);
    await toastWith(page, 'Error fetching policy data');
    await waitForPath(page, '/policy-tracker');

    if (!session) throw new Error('no browser');
    await waitForServiceWorker(page);
    await session.context.setOffline(true);
    // One offline message: the site's banner says it, the sync line does not repeat it.
    const offlineMessages = page.getByRole('status').filter({ hasText: /offline/i });
    await offlineMessages.filter({ hasText: 'You are offline' }).waitFor();
    expect(await offlineMessages.count()).toBe(1);

    const renewal = addDays(today, 60);
    await addPolicy(
      page,
      {
        type: 'Health',
        insurer: 'Niva Bupa',
        number: 'NB-1',
        start: addDays(renewal, -365),
        renewal,
        members: [{ name: 'Kavya', relationship: 'Daughter' }],
      },
      SAVED_OFFLINE,
    );
    const niva = card(page, 'Niva Bupa');
    await niva.getByText('Pending sync').waitFor();
    // The sync line still counts what waits.
    await page
      .getByTestId('sync-indicator')
      .getByText(/^\d+ changes? waiting$/)
      .waitFor();
    expect(await offlineMessages.count()).toBe(1);

    await openCardMenu(page, 'Niva Bupa');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Policy' }).waitFor();
    await page.getByRole('textbox', { name: 'Policy Number' }).fill('NB-2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, SAVED_OFFLINE);
    await waitForPath(page, '/policy-tracker');

    await niva.getByRole('button', { name: /^Mark Renewed/ }).click();
    await page.getByRole('button', { name: 'Confirm Renewal' }).click();
    await toastWith(page, SAVED_OFFLINE);
    const renewed = addMonths(renewal, 12);
    await niva.getByText(formatPolicyDate(renewed)).waitFor();
    await page.getByText(/^\d+ changes? waiting$/).waitFor();
    expect(await policiesOf(userId)).toEqual([]);

    // Signing out with unsent changes asks first; staying keeps everything.
    await page.locator('header').getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const warning = page.getByRole('dialog', { name: 'Sign out with unsent changes?' });
    await warning.getByText(/not reached the server yet/).waitFor();
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/policy-tracker');
    await niva.waitFor();

    await session.context.setOffline(false);
    await waitForAllSynced(page);
    await niva.getByText('Pending sync').waitFor({ state: 'detached' });
    const [row, ...others] = await policiesOf(userId);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-2',
      next_renewal_date: renewed,
      deleted_at: null,
    });
    expect(row?.policy_members.map((m) => m.people.name)).toEqual(['Kavya']);

    // A second account in the same browser sees none of the first one's policies.
    await page.locator('header').getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await waitForPath(page, '/');
    const other = uniqueEmail('other');
    await createUser(other);
    await signInTo('/policy-tracker', other);
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor();
    await waitForAllSynced(page);
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.getByText('Niva Bupa').count()).toBe(0);
  });

  it('sends changes made offline after a cold start on another page, without opening the tracker', async () => {
    const email = uniqueEmail('train');
    const userId = await createUser(email);
    const page = await signInTo('/policy-tracker', email);
    await waitForAllSynced(page);
    // The next start must come from the service worker's cache, with no network at all.
    await waitForServiceWorker(page);
    const today = browserToday();

    await session?.context.setOffline(true);
    await addPolicy(
      page,
      {
        type: 'Health',
        insurer: 'Train Health',
        number: 'TH-1',
        start: today,
        renewal: addMonths(today, 12),
      },
      SAVED_OFFLINE,
    );
    // A full page load on the home page: nothing from the tracker screens is running now.
    await page.goto(new URL('/', session?.baseUrl).toString());
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await policiesOf(userId)).toEqual([]);

    await session?.context.setOffline(false);
    await expect
      .poll(async () => (await policiesOf(userId)).map((p) => p.insurer_name), {
        timeout: 30_000,
      })
      .toEqual(['Train Health']);
    expect(new URL(page.url()).pathname).toBe('/');
  }, 180_000);

  it("shows another device's change within seconds, without waiting for the minute's poll", async () => {
    const email = uniqueEmail('live');
    const userId = await createUser(email);
    const today = browserToday();
    const page = await signInTo('/policy-tracker', email);
    await waitForAllSynced(page);

    const started = Date.now();
    await addPolicyOnServer(userId, {
      policy_type_id: HEALTH,
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-LIVE',
      start_date: addDays(today, -30),
      next_renewal_date: addMonths(today, 11),
    });
    await card(page, 'Niva Bupa').waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a reminder link scrolls a phone to the policy and focuses it, every time it is opened', async () => {
    const email = uniqueEmail('highlight');
    const userId = await createUser(email);
    const today = browserToday();
    for (let i = 0; i < 30; i += 1) {
      await addPolicyOnServer(userId, {
        policy_type_id: HEALTH,
        insurer_name: `Insurer ${String(i).padStart(2, '0')}`,
        policy_number: `HL-${i}`,
        start_date: addDays(today, -30),
        next_renewal_date: addMonths(today, 2 + i),
      });
    }
    const [target] = await serverRows<{ id: string }>(
      `policies?select=id&user_id=eq.${userId}&policy_number=eq.HL-29`,
    );
    if (!target) throw new Error('seeded policy missing');
    session = await openBrowser(viewports.phoneTall);
    const page = await signInTo('/policy-tracker', email);
    await card(page, 'Insurer 29').waitFor();

    const inView = () =>
      page.evaluate((id) => {
        const el = document.querySelector(`[data-policy-id="${id}"]`);
        if (!el) return { visible: false, focused: false };
        const box = el.getBoundingClientRect();
        return {
          visible: box.top >= 0 && box.top < window.innerHeight,
          focused: el === document.activeElement,
        };
      }, target.id);

    for (let round = 0; round < 2; round += 1) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await session.goto(`/policy-tracker?highlight=${target.id}`);
      await expect.poll(inView, { timeout: 5_000 }).toEqual({ visible: true, focused: true });
    }
  });

  it(
    "picks members from the saved people and changes a person's relationship only when asked, never silently",
    { timeout: 120_000 },
    async () => {
      const { page, userId, today } = await newUserOnEmptyTracker('members');
      const renewal = addDays(today, 90);
      await addPolicy(page, {
        type: 'Health',
        insurer: 'Star Health',
        number: 'SH-1',
        start: addDays(renewal, -365),
        renewal,
        members: [
          { name: 'Asha', relationship: 'Self' },
          { name: 'Ravi', relationship: 'Husband' },
        ],
      });
      await card(page, 'Star Health').getByText('Asha (Self), Ravi (Husband)').waitFor();

      // Another policy naming Ravi as Spouse: the form asks, and nothing is saved until answered.
      await page.getByRole('link', { name: 'Add New Policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Add a New Policy' }).waitFor();
      await fillPolicyForm(page, {
        type: 'Vehicle',
        insurer: 'ICICI Lombard',
        number: 'IL-1',
        start: addDays(renewal, -365),
        renewal,
        members: [{ name: 'Ravi', relationship: 'Spouse' }],
      });
      await page.getByRole('button', { name: 'Add Policy' }).click();
      const question = page.getByRole('alert').filter({ hasText: 'Ravi is saved as Husband.' });
      await question
        .getByText('Ravi is saved as Husband. Change to Spouse on every policy?')
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/policy-tracker/new');

      // Keeping the saved relationship saves the policy and changes nobody.
      await question.getByRole('button', { name: 'Keep Husband' }).click();
      await question.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add Policy' }).click();
      await toastWith(page, 'Policy added successfully!');
      await waitForPath(page, '/policy-tracker');
      await card(page, 'ICICI Lombard').getByText('Ravi (Husband)').waitFor();
      await card(page, 'Star Health').getByText('Asha (Self), Ravi (Husband)').waitFor();

      // A member is picked from the saved people, listed with their relationships.
      await openCardMenu(page, 'ICICI Lombard');
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Policy' }).waitFor();
      await page.getByRole('button', { name: 'Add Member' }).click();
      await page.getByLabel('Member 2 name').click();
      await page.getByRole('option', { name: 'Ravi (Husband)' }).waitFor();
      await page.getByRole('option', { name: 'Asha (Self)' }).click();
      expect(await page.getByLabel('Member 2 relationship').inputValue()).toBe('Self');

      // Changing a relationship is an explicit edit, on every policy, through the outbox.
      await page.getByLabel('Member 1 relationship').fill('Spouse');
      await page.getByLabel('Member 1 relationship').press('Tab');
      await page.getByRole('button', { name: 'Change to Spouse on every policy' }).click();
      await toastWith(page, 'Ravi is now Spouse on every policy');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await waitForPath(page, '/policy-tracker');
      await card(page, 'ICICI Lombard').getByText('Asha (Self), Ravi (Spouse)').waitFor();
      await card(page, 'Star Health').getByText('Asha (Self), Ravi (Spouse)').waitFor();

      await waitForAllSynced(page);
      const people = await serverRows<{ name: string; relationship: string }>(
        `people?user_id=eq.${userId}&deleted_at=is.null&select=name,relationship`,
      );
      expect(people.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'Asha', relationship: 'Self' },
        { name: 'Ravi', relationship: 'Spouse' },
      ]);
    },
  );

  it(
    'renames and deletes the user own type offline; the create-type form says Icon and offers named icons',
    { timeout: 120_000 },
    async () => {
      const { page, userId, today } = await newUserOnEmptyTracker('types');
      await waitForAllSynced(page);

      await page.getByRole('link', { name: 'Add Your First Policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Add a New Policy' }).waitFor();
      await page.getByRole('combobox', { name: 'Policy Type' }).click();
      await page.getByRole('option', { name: '+ Create a custom type' }).click();
      const create = page.getByRole('dialog', { name: 'Create a custom type' });
      await create.getByLabel('Type Name').fill('Pet');
      expect(await create.getByText('Icon Name (from Lucide-React)').count()).toBe(0);
      const icons = create.getByRole('radiogroup', { name: 'Icon' });
      await icons.getByRole('radio', { name: 'Paw print' }).click();
      expect(
        await icons.getByRole('radio', { name: 'Paw print' }).getAttribute('aria-checked'),
      ).toBe('true');
      await create.getByRole('button', { name: 'Save Type' }).click();
      await create.waitFor({ state: 'detached' });
      const renewal = addDays(today, 120);
      await page.getByRole('textbox', { name: 'Insurer Name' }).fill('Bajaj Allianz');
      await page.getByRole('textbox', { name: 'Policy Number' }).fill('PET-1');
      await page.getByRole('textbox', { name: 'Start Date' }).fill(typed(addDays(renewal, -365)));
      await page.getByRole('textbox', { name: 'Next Renewal Date' }).fill(typed(renewal));
      await page.getByRole('textbox', { name: 'Next Renewal Date' }).press('Tab');
      await page.getByRole('button', { name: 'Add Policy' }).click();
      await waitForPath(page, '/policy-tracker');
      const bajaj = card(page, 'Bajaj Allianz');
      await bajaj.getByText('Pet', { exact: true }).waitFor();
      await waitForAllSynced(page);

      if (!session) throw new Error('no browser');
      // Offline, the edit page's code comes from the worker's precache.
      await waitForServiceWorker(page);
      await session.context.setOffline(true);

      // Rename, offline.
      await openCardMenu(page, 'Bajaj Allianz');
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Policy' }).waitFor();
      await page.getByRole('button', { name: 'Rename or delete your types' }).click();
      const manage = page.getByRole('dialog', { name: 'Your types' });
      await manage.getByRole('button', { name: 'Rename Pet' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename “Pet”' });
      await rename.getByLabel('Type Name').fill('Pets');
      await rename.getByRole('button', { name: 'Save Type' }).click();
      await toastWith(page, 'Policy type updated');

      // Delete, offline: it says what becomes of the policy using it.
      await manage.getByRole('button', { name: 'Delete Pets' }).click();
      const remove = page.getByRole('dialog', { name: 'Delete “Pets”?' });
      await remove
        .getByText(
          '1 of your policies uses it. It stays, shown as Uncategorised until you choose another type. This cannot be undone.',
        )
        .waitFor();
      await remove.getByRole('button', { name: 'Delete type' }).click();
      await toastWith(page, 'Policy type deleted');
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await waitForPath(page, '/policy-tracker');
      await bajaj.getByText('Uncategorised', { exact: true }).waitFor();

      await session.context.setOffline(false);
      await waitForAllSynced(page);
      const types = await serverRows<{ name: string; deleted_at: string | null }>(
        `policy_types?user_id=eq.${userId}&select=name,deleted_at`,
      );
      expect(types).toMatchObject([{ name: 'Pets' }]);
      expect(types[0]?.deleted_at).not.toBeNull();
      const policies = await serverRows<{
        policy_type_id: string | null;
        deleted_at: string | null;
      }>(`policies?user_id=eq.${userId}&select=policy_type_id,deleted_at`);
      expect(policies).toEqual([{ policy_type_id: null, deleted_at: null }]);
    },
  );

  it('on a 390×844 phone the first policy is on the first screen, and Due Soon keeps the list in view', async () => {
    const email = uniqueEmail('phone');
    const userId = await createUser(email);
    const today = browserToday();
    // Enough due and lapsed policies to fill the attention panel, and some far off.
    for (let i = 0; i < 8; i += 1) {
      await addPolicyOnServer(userId, {
        policy_type_id: i % 2 === 0 ? HEALTH : VEHICLE,
        insurer_name: `Due ${i}`,
        policy_number: `DU-${i}`,
        start_date: addDays(today, -300),
        next_renewal_date: addDays(today, i - 2),
        premium_amount: 10000,
        sum_insured: 500000,
      });
    }
    for (let i = 0; i < 4; i += 1) {
      await addPolicyOnServer(userId, {
        policy_type_id: HEALTH,
        insurer_name: `Later ${i}`,
        policy_number: `LA-${i}`,
        start_date: addDays(today, -30),
        next_renewal_date: addMonths(today, 3 + i),
      });
    }
    session = await openBrowser(viewports.phoneTall);
    const page = await signInTo('/policy-tracker', email);
    await page.getByRole('article').first().waitFor();
    // The attention panel (and with it the page above the cards) has drawn.
    const attention = page.getByRole('region', { name: 'Renewals needing attention' });
    await attention.waitFor();

    /** How much of the first card is on screen, below the sticky header. */
    const firstCardShown = () =>
      page.evaluate(() => {
        const first = document.querySelector('article');
        const heading = first?.querySelector('h3, h2');
        if (!first || !heading) return 'no card';
        const box = heading.getBoundingClientRect();
        const onScreen = box.top >= 64 && box.bottom <= window.innerHeight;
        return onScreen ? 'heading on screen' : `heading at ${Math.round(box.top)} px`;
      });
    expect(await firstCardShown()).toBe('heading on screen');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Folded on a phone, the panel still says how many.
    await attention.getByText('8 policies need attention').waitFor();

    // The reminder settings are a tap away, not on the dashboard.
    expect(await page.getByRole('region', { name: 'Remind me' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Reminder settings' }).waitFor();

    // Opened, the panel lists them all and pushes the policies down; Due Soon still shows them.
    await attention.getByRole('button', { name: 'Show renewals needing attention' }).click();
    await attention.getByRole('link', { name: /^Vehicle — Due 7/ }).waitFor();
    expect(await firstCardShown()).not.toBe('heading on screen');
    await summaryCard(page, 'Due Soon').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'due-soon');
    await card(page, 'Due 0').waitFor({ state: 'detached' });
    await expect.poll(firstCardShown, { timeout: 5_000 }).toBe('heading on screen');
    await card(page, 'Due 2').waitFor();

    // The panel stays as the user left it.
    await page.reload();
    await attention.getByRole('link', { name: /^Vehicle — Due 7/ }).waitFor();
  });

  it('with 600 policies, a card far down is found in the page, counted, and reached with Tab', async () => {
    const email = uniqueEmail('many');
    const userId = await createUser(email);
    const today = browserToday();
    // Ten a day from two months ahead, so the list's order is 001 to 600.
    await insertOnServer(
      'policies',
      Array.from({ length: 600 }, (_, i) => ({
        user_id: userId,
        renewal_frequency: 'yearly',
        policy_type_id: HEALTH,
        insurer_name: `Bulk ${String(i + 1).padStart(3, '0')}`,
        policy_number: `BK-${i + 1}`,
        start_date: addDays(today, -30),
        next_renewal_date: addDays(today, 60 + Math.floor(i / 10)),
      })),
    );
    const page = await signInTo('/policy-tracker', email);
    const last = card(page, 'Bulk 600');
    await last.waitFor({ timeout: 60_000 });

    // Far below the screen, its text is in the page, which is what the browser's find-in-page
    // searches (playwright cannot drive the find bar itself).
    expect(await page.getByText('Bulk 600', { exact: true }).count()).toBe(1);
    // A screen reader hears it is the last of 600, and how many are shown.
    const list = page.getByRole('region', { name: 'Policies' });
    const item = list.getByRole('listitem').filter({ has: last });
    expect(await item.getAttribute('aria-posinset')).toBe('600');
    expect(await item.getAttribute('aria-setsize')).toBe('600');
    await list.getByRole('status').getByText('Policies shown: 600 of 600').waitFor();

    // Tab goes from the card before it to its title, and brings it on screen.
    await card(page, 'Bulk 599')
      .getByRole('button', { name: /^Mark Renewed/ })
      .focus();
    await page.keyboard.press('Tab');
    const title = last.getByRole('link', { name: 'Bulk 600' });
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        title.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
  });
});
