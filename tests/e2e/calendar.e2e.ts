import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { addPolicyOnServer, createUser, signInAt, uniqueEmail } from './helpers/accounts';
import { openBrowser, type BrowserSession, waitForServiceWorker } from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

describe('renewal calendar', () => {
  it('Add to calendar saves an .ics of the renewal with no network', async () => {
    const email = uniqueEmail('calendar');
    const userId = await createUser(email);
    await addPolicyOnServer(userId, {
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-9',
      start_date: '2025-11-24',
      next_renewal_date: '2026-11-24',
      premium_amount: 18500,
    });
    session = await openBrowser();
    const page = await signInAt(session, '/policy-tracker', email);
    const card = page.getByRole('article', { name: 'Star Health', exact: true });
    await card.waitFor();
    await page.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });

    // Offline the calendar code comes from the service worker's precache, as on a phone.
    await waitForServiceWorker(page);
    await session.context.setOffline(true);
    await card.getByRole('button', { name: /^More actions for/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('star-health-sh-9-renewal.ics');
    const text = await readFile(await download.path(), 'utf8');

    const calendar = new ICAL.Component(ICAL.parse(text));
    const [vevent, ...others] = calendar.getAllSubcomponents('vevent');
    expect(others).toHaveLength(0);
    if (!vevent) throw new Error('no event in the file');
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Star Health Health renewal');
    expect(event.startDate.toString()).toBe('2026-11-24');
    expect(event.startDate.isDate).toBe(true);
    expect(String(vevent.getFirstPropertyValue('rrule'))).toBe('FREQ=YEARLY');
    expect(event.description).toContain('Premium: ₹18,500');
    // The default reminder days (30, 7, 1 and the day itself) become alerts.
    expect(vevent.getAllSubcomponents('valarm')).toHaveLength(4);
  });

  it('a private feed address from Reminder settings serves the renewals to a calendar app', async () => {
    const email = uniqueEmail('feed');
    const userId = await createUser(email);
    await addPolicyOnServer(userId, {
      policy_type_id: HEALTH,
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-7',
      start_date: '2025-03-31',
      next_renewal_date: '2027-03-31',
    });
    session = await openBrowser();
    const page = await signInAt(session, '/policy-tracker/settings', email);
    const panel = page.getByRole('region', { name: 'Calendar feed' });
    await panel.getByRole('button', { name: 'Turn on calendar feed' }).click();
    const address = panel.getByRole('textbox', { name: 'Your private calendar address' });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/\/functions\/v1\/calendar-feed\/[0-9a-f]{64}\.ics$/);

    // The calendar app: no cookies, no headers, just the address.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const [event] = new ICAL.Component(ICAL.parse(await response.text()))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(event?.summary).toBe('Niva Bupa Health renewal');

    // A new address retires the old one.
    await panel.getByRole('button', { name: 'Make a new address' }).click();
    await page
      .getByRole('dialog', { name: 'Make a new calendar address?' })
      .getByRole('button', { name: 'Make a new address' })
      .click();
    await expect.poll(() => address.inputValue()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);
  });
});
