// Share on a policy page (issue 19), in Chromium against the local server: the share sheet
// where the browser has one, the clipboard and a visible confirmation where it has none.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addPolicyOnServer, createUser, signInAt, uniqueEmail } from './helpers/accounts';
import { openBrowser, type BrowserSession } from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/** What a policy's summary must tell whoever receives it. */
const SUMMARY = [
  'Star Health — Health',
  'Policy number: SH-42',
  'Renews on: 24 Nov 2026',
  'Premium: ₹18,500 (yearly)',
  'Claim helpline: 1800-425-2255',
].join('\n');

async function policyPage(shareSheet: boolean): Promise<Page> {
  const email = uniqueEmail('share');
  const userId = await createUser(email);
  const id = crypto.randomUUID();
  await addPolicyOnServer(userId, {
    id,
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-42',
    start_date: '2025-11-24',
    next_renewal_date: '2026-11-24',
    premium_amount: 18500,
    claim_helpline: '1800-425-2255',
  });
  session = await openBrowser();
  // The same page either way: with a share sheet (a phone's) that records what it was given,
  // or with none at all (desktop Chromium on Linux has none, but not every build agrees).
  await session.context.addInitScript((withSheet: boolean) => {
    if (!withSheet) {
      Reflect.deleteProperty(Navigator.prototype, 'share');
      return;
    }
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
  }, shareSheet);
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(session.baseUrl).origin,
  });
  const page = await signInAt(session, `/policy-tracker/${id}`, email);
  await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
  return page;
}

async function share(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'More actions for Star Health SH-42' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('Share on a policy page', () => {
  it('hands the summary to the share sheet where there is one', async () => {
    const page = await policyPage(true);
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    await share(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: 'Star Health — Health', text: SUMMARY }]);
    // The sheet did the job: nothing copied, nothing to confirm.
    expect(await clipboardText(page)).toBe('untouched');
    expect(await page.getByText('Policy summary copied').count()).toBe(0);
  });

  it('copies the summary and says so where there is no share sheet', async () => {
    const page = await policyPage(false);
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    await share(page);
    await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('Policy summary copied', { exact: true })
      .waitFor();
    expect(await clipboardText(page)).toBe(SUMMARY);
  });
});
