// Renewal reminders in Chromium (design §6, §7; issue 8): the due-soon panel and nav badge,
// the service worker's periodicsync (exactly one notification per key, none on a repeat),
// a Web Push message shown by the worker, and a notification click opening the policy.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  viewports,
  type BrowserSession,
  waitForServiceWorker,
} from './helpers/browser';
import { addDays, browserToday, notifications, serviceWorkerTarget } from './helpers/reminders';

const PASSWORD = 'secret-pass-1';
const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const TAG = 'bimaguide-renewals';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function createUser(email: string): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

async function addPolicyOnServer(userId: string, fields: Record<string, unknown>) {
  const key = inject('serviceRoleKey');
  const response = await fetch(`${inject('apiUrl')}/rest/v1/policies`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_id: userId, renewal_frequency: 'yearly', ...fields }),
  });
  expect(response.status).toBe(201);
}

function closeAllNotifications(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (const n of await registration.getNotifications()) n.close();
  });
}

async function signIn(s: BrowserSession, email: string) {
  const { page } = s;
  await s.goto('/policy-tracker');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/policy-tracker');
}

/** '2 Dec', or '2 Dec 2027' when the date is in another year than today. */
function dayAndMonth(iso: string, today: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const names = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const name = names[(month ?? 1) - 1] ?? '';
  return `${day} ${name}${iso.slice(0, 4) === today.slice(0, 4) ? '' : ` ${year}`}`;
}

describe('renewal reminders', () => {
  it('lists due policies, notifies once per key from periodicsync and push, and a click opens the policy', async () => {
    session = await openBrowser(viewports.desktop, { persistent: true });
    const { page, context, baseUrl } = session;
    const origin = new URL(baseUrl).origin;
    const cdp = await context.newCDPSession(page);
    // Every permission in one call (a second call would replace the first one's grants).
    await cdp.send('Browser.grantPermissions', {
      origin,
      permissions: ['notifications', 'periodicBackgroundSync', 'durableStorage'],
    });

    const email = `reminders-${randomUUID()}@example.com`;
    const userId = await createUser(email);
    const today = browserToday();
    const due = addDays(today, 7);
    const policyId = randomUUID();
    await addPolicyOnServer(userId, {
      id: policyId,
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-7',
      premium_amount: 18500,
      start_date: addDays(today, -358),
      next_renewal_date: due,
    });
    // Far off: not due, never in the panel or a notification.
    await addPolicyOnServer(userId, {
      policy_type_id: HEALTH,
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-1',
      start_date: today,
      next_renewal_date: addDays(today, 200),
    });

    await signIn(session, email);
    await page.getByRole('article', { name: 'Star Health', exact: true }).waitFor();

    // In the app: the due-soon panel and the count on the Policy Tracker link.
    const panel = page.getByRole('region', { name: 'Renewals needing attention' });
    await panel.getByRole('list', { name: 'Within 7 days' }).getByText('7 days left').waitFor();
    await expect(panel.getByText('Niva Bupa').count()).resolves.toBe(0);
    const badge = page
      .getByRole('navigation', { name: 'Main' })
      .getByLabel('1 policy due for renewal or lapsed');
    await expect(badge.textContent()).resolves.toBe('1 due');

    await waitForServiceWorker(page, 20_000);
    // The app asked for the daily background check once the permission was there.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker
            .ready) as ServiceWorkerRegistration & {
            periodicSync?: { getTags(): Promise<string[]> };
          };
          return (await registration.periodicSync?.getTags()) ?? [];
        }),
      )
      .toContain(TAG);

    const target = await serviceWorkerTarget(cdp, origin);
    const key = `${policyId}:${due}:7`;

    // periodicsync: exactly one notification, for the policy due in 7 days.
    await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { ...target, tag: TAG });
    await expect.poll(() => notifications(page), { timeout: 10_000 }).toHaveLength(1);
    expect(await notifications(page)).toEqual([
      {
        title: `Star Health renews on ${dayAndMonth(due, today)} — premium ₹18,500`,
        body: expect.stringContaining('Health'),
        tag: key,
        url: `/policy-tracker/${policyId}`,
      },
    ]);

    // Dismissed, then the same key again (periodicsync and push): nothing reappears.
    await closeAllNotifications(page);
    await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { ...target, tag: TAG });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      ...target,
      data: JSON.stringify({
        title: 'Health — Star Health renews in 7 days',
        body: 'Open BimaGuide to see the policy.',
        tag: key,
        url: `/policy-tracker/${policyId}`,
      }),
    });
    // Absence cannot be waited for; give both handlers time to (wrongly) show something.
    await page.waitForTimeout(1500);
    expect(await notifications(page)).toEqual([]);

    // A pushed reminder with a new key is shown by the service worker.
    const pushedKey = `${policyId}:${due}:1`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      ...target,
      data: JSON.stringify({
        title: 'Health — Star Health renews tomorrow',
        body: 'Open BimaGuide to see the policy.',
        tag: pushedKey,
        url: `/policy-tracker/${policyId}`,
      }),
    });
    await expect
      .poll(() => notifications(page), { timeout: 10_000 })
      .toEqual([
        {
          title: 'Health — Star Health renews tomorrow',
          body: 'Open BimaGuide to see the policy.',
          tag: pushedKey,
          url: `/policy-tracker/${policyId}`,
        },
      ]);

    // A click (no protocol command clicks a notification, so the worker gets the event from
    // here) brings the open window to the policy's page, with Mark Renewed at hand.
    await session.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin));
    expect(worker).toBeDefined();
    await worker?.evaluate(`(async () => {
      const [notification] = await self.registration.getNotifications({ tag: ${JSON.stringify(pushedKey)} });
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    })()`);
    await page.waitForURL((url) => url.pathname === `/policy-tracker/${policyId}`);
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await page.getByText('7 days left').waitFor();
    await page.getByRole('button', { name: 'Mark Renewed' }).waitFor();
    await expect.poll(() => notifications(page)).toEqual([]);
  });
  it('keeps the reminder settings on their own page, reached from the dashboard and the account menus', async () => {
    const email = `settings-${randomUUID()}@example.com`;
    await createUser(email);
    session = await openBrowser(viewports.desktop, { persistent: true });
    const { page } = session;
    await signIn(session, email);
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor();
    expect(await page.getByRole('region', { name: 'Remind me' }).count()).toBe(0);

    // From the dashboard.
    await page.getByRole('link', { name: 'Reminder settings' }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker/settings');
    await page.getByRole('heading', { level: 1, name: 'Reminder settings' }).waitFor();
    await page.waitForFunction(() => document.title === 'Reminder settings | BimaGuide');
    const panel = page.getByRole('region', { name: 'Remind me' });
    await panel.getByRole('button', { name: 'Turn on reminders' }).waitFor();
    await panel.getByRole('checkbox', { name: '7 days before' }).waitFor();
    await page.getByRole('link', { name: 'Back to Policy Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');

    // From the account menu in the header.
    await page.locator('header').getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Reminder settings' }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker/settings');
    await panel.getByRole('button', { name: 'Turn on reminders' }).waitFor();
    await session.close();

    // From the phone's menu.
    session = await openBrowser(viewports.phoneTall, { persistent: true });
    const phone = session.page;
    await signIn(session, email);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('dialog').getByRole('link', { name: 'Reminder settings' }).click();
    await phone.waitForURL((url) => url.pathname === '/policy-tracker/settings');
    await phone
      .getByRole('region', { name: 'Remind me' })
      .getByRole('button', { name: 'Turn on reminders' })
      .waitFor();
  }, 120_000);
});
