// The premium outlook (issue 19) in Chromium against the local server: what a monthly and a
// yearly policy will cost in the next 30, 90 and 365 days, the by-month table, offline.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@/domain/policy';
import { formatPolicyMonth } from '@/domain/tracker';
import { addPolicyOnServer, createUser, signInAt, uniqueEmail } from './helpers/accounts';
import { openBrowser, type BrowserSession, waitForServiceWorker } from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const VEHICLE = '6f1a0c2e-0000-4000-8000-000000000001';

/** Today where the browser is (the tests' browsers run in Asia/Kolkata). */
function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** Every script the page has asked for so far (served by the service worker or not). */
function scriptsRequested(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return urls;
}

/** Whether any of these scripts, as the server holds them, contains `text`. */
async function anyContains(urls: Iterable<string>, text: string): Promise<boolean> {
  for (const url of urls) {
    const response = await fetch(url);
    if ((await response.text()).includes(text)) return true;
  }
  return false;
}

describe('premium outlook', () => {
  it('shows a monthly and a yearly premium over 30, 90 and 365 days and by month, offline, loading its code only when opened', async () => {
    const today = browserToday();
    const email = uniqueEmail('outlook');
    const userId = await createUser(email);
    await addPolicyOnServer(userId, {
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-30',
      start_date: addDays(today, -360),
      next_renewal_date: addDays(today, 5),
      renewal_frequency: 'monthly',
      premium_amount: 1000,
    });
    await addPolicyOnServer(userId, {
      policy_type_id: VEHICLE,
      insurer_name: 'Tata AIG',
      policy_number: 'TA-40',
      start_date: addDays(today, -325),
      next_renewal_date: addDays(today, 40),
      premium_amount: 18500,
    });

    session = await openBrowser();
    const { page } = session;
    const scripts = scriptsRequested(page);
    await signInAt(session, '/policy-tracker', email);
    await page.getByRole('article', { name: 'Tata AIG', exact: true }).waitFor();
    await page.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });
    // Offline from here on: the outlook's code comes from the service worker's precache.
    await waitForServiceWorker(page);
    const beforeOutlook = new Set(scripts);
    await session.context.setOffline(true);

    await page
      .getByRole('region', { name: 'Totals' })
      .getByRole('link', { name: 'Premium outlook' })
      .click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker/outlook');
    await page.getByRole('heading', { level: 1, name: 'Premium outlook' }).waitFor();

    const due = (days: number) => page.getByTestId(`due-${days}`);
    // The monthly premium is due once in 30 days, 3 times in 90 and 12 times in 365; the
    // yearly one (day 40) once in 90 and 365.
    await due(30).getByText('₹1,000', { exact: true }).waitFor();
    await due(30)
      .getByText(/^1 premium · to /)
      .waitFor();
    await due(90).getByText('₹21,500', { exact: true }).waitFor();
    await due(90)
      .getByText(/^4 premiums · to /)
      .waitFor();
    await due(365).getByText('₹30,500', { exact: true }).waitFor();
    await due(365)
      .getByText(/^13 premiums · to /)
      .waitFor();

    // The chart's code was not part of the dashboard; it arrived with the outlook.
    const chartText = 'Bar chart of the premiums due each month';
    expect(await anyContains(beforeOutlook, chartText)).toBe(false);
    expect(await anyContains(scripts, chartText)).toBe(true);

    // The chart's figures as a real table.
    await page.getByRole('button', { name: 'Show as a table' }).click();
    const table = page.getByRole('table', { name: /^Premiums due by month, / });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(14);
    const tataMonth = formatPolicyMonth(addDays(today, 40).slice(0, 7));
    const row = table.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: tataMonth, exact: true }),
    });
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      '₹19,500',
      expect.stringMatching(/^(Star Health, Tata AIG|Tata AIG, Star Health)$/),
    ]);
    const byType = page.getByRole('table', { name: 'Yearly premium by policy type' });
    expect(
      await byType
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Total', exact: true }) })
        .innerText(),
    ).toMatch(/₹30,500/);

    // Opened afresh with no network, the page still has its figures.
    await page.reload();
    await due(365).getByText('₹30,500', { exact: true }).waitFor({ timeout: 20_000 });
  }, 120_000);
});
