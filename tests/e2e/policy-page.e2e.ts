import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@/domain/policy';
import { createUser, signInAt, uniqueEmail } from './helpers/accounts';
import {
  openBrowser,
  viewports,
  type BrowserSession,
  waitForServiceWorker,
} from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Today where the browser is (the e2e browser runs in Asia/Kolkata), as YYYY-MM-DD. */
function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** As a person types a date: DD/MM/YYYY. */
function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The server's own requests with the service key (bypasses RLS, sees tombstones too). */
async function asService(path: string, init: RequestInit = {}): Promise<Response> {
  const key = inject('serviceRoleKey');
  return fetch(`${inject('apiUrl')}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  });
}

async function serverPolicy(id: string): Promise<{ claim_helpline: string | null } | undefined> {
  const response = await asService(`policies?id=eq.${id}&select=claim_helpline`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { claim_helpline: string | null }[])[0];
}

const POLICY_PAGE = /^\/policy-tracker\/[0-9a-f-]{36}$/;

async function callLink(page: Page) {
  const link = page.getByRole('link', { name: "Call Insurer's claim helpline: 1800-425-2255" });
  await link.waitFor();
  return link;
}

describe('policy page', () => {
  it('opens from its card with a tap-to-call helpline, reloads offline, and says when another device deleted it', async () => {
    const email = uniqueEmail('policy-page');
    await createUser(email);
    const today = browserToday();
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await signInAt(session, '/policy-tracker', email);
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor({ timeout: 30_000 });

    // Added through the form, the helpline in the folded contacts group.
    await page.getByRole('link', { name: 'Add New Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add a New Policy' }).waitFor();
    await page.getByRole('combobox', { name: 'Policy Type' }).click();
    await page.getByRole('option', { name: 'Health', exact: true }).click();
    await page.getByRole('textbox', { name: 'Insurer Name' }).fill('Star Health');
    await page.getByRole('textbox', { name: 'Policy Number' }).fill('SH-17');
    await page.getByRole('textbox', { name: 'Start Date' }).fill(typed(addDays(today, -30)));
    await page.getByRole('textbox', { name: 'Next Renewal Date' }).fill(typed(addDays(today, 335)));
    await page.getByRole('textbox', { name: 'Next Renewal Date' }).press('Tab');
    await page.getByRole('button', { name: 'Contacts and nominee' }).click();
    await page.getByRole('textbox', { name: "Insurer's Claim Helpline" }).fill('1800-425-2255');
    await page.getByRole('textbox', { name: 'TPA Name' }).fill('Medi Assist');
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');

    // From the card's title to the page.
    await page
      .getByRole('article', { name: 'Star Health', exact: true })
      .getByRole('link', { name: 'Star Health' })
      .click();
    await page.waitForURL((url) => POLICY_PAGE.test(url.pathname));
    const path = new URL(page.url()).pathname;
    const policyId = path.split('/').at(-1) ?? '';
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await page.waitForFunction(() => document.title === 'Policy details | BimaGuide');
    await expect((await callLink(page)).getAttribute('href')).resolves.toBe('tel:18004252255');
    await page.getByText('Medi Assist', { exact: true }).waitFor();
    // The new field reached the server before the network goes.
    await expect
      .poll(async () => (await serverPolicy(policyId))?.claim_helpline, { timeout: 20_000 })
      .toBe('1800-425-2255');

    // Offline, a reload of the page opens it exactly as online: the worker's shell and the
    // local store.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await expect((await callLink(page)).getAttribute('href')).resolves.toBe('tel:18004252255');
    expect(new URL(page.url()).pathname).toBe(path);

    // Back online, the policy deleted on another device: the open page says so, and leads back.
    await context.setOffline(false);
    const deleted = await asService(`policies?id=eq.${policyId}`, { method: 'DELETE' });
    expect(deleted.status).toBeLessThan(300);
    await page.getByRole('heading', { name: 'Policy not found' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Back to Policy Dashboard' }).click();
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor();
  }, 180_000);
});
