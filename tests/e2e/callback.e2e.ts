import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

interface CallbackRow {
  name: string;
  phone: string;
  city: string;
  product: string;
}

/** Reads callbacks the way the admin's backend sees them (service role bypasses RLS). */
async function callbacksNamed(name: string): Promise<CallbackRow[]> {
  const serviceKey = inject('serviceRoleKey');
  const url = new URL(`${inject('apiUrl')}/rest/v1/callbacks`);
  url.searchParams.set('select', 'name,phone,city,product');
  url.searchParams.set('name', `eq.${name}`);
  const response = await fetch(url, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as CallbackRow[];
}

function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
}

async function openForm() {
  session = await openBrowser(viewports.phone);
  await session.goto('/advice');
  const { page } = session;
  const form = page.getByRole('form', { name: 'Request a callback' });
  await form.waitFor();
  return {
    page,
    form,
    name: form.getByLabel('Full Name'),
    phone: form.getByLabel('Mobile Number'),
    city: form.getByLabel('City'),
    product: form.getByLabel('Interested In'),
    consent: form.getByRole('checkbox', { name: /I agree to be contacted/ }),
    submit: form.getByRole('button', { name: 'Request a Callback' }),
  };
}

/** The built file of one of the app's modules, by Vite's manifest. */
function builtFile(source: string): string {
  const manifest = JSON.parse(
    readFileSync(join(inject('distDir'), '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return entry.file;
}

async function toastWith(page: Page, title: string, description: string) {
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  // The same message twice in a row: the first may still be fading out as the second shows.
  await region.getByText(title, { exact: true }).last().waitFor();
  await region.getByText(description, { exact: true }).last().waitFor();
}

describe('callback form', () => {
  it('without consent: Consent Required toast and nothing is stored', async () => {
    const f = await openForm();
    const name = uniqueName('no consent');
    await f.name.fill(name);
    await f.phone.fill('98300 12345');
    await f.city.fill('Kolkata');
    await f.submit.click();
    await toastWith(f.page, 'Consent Required', 'Please agree to the terms before submitting.');
    await expect(f.name.inputValue()).resolves.toBe(name);
    await expect(callbacksNamed(name)).resolves.toEqual([]);
    await expect(
      f.form.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
    ).resolves.toBe('/privacy');
  });

  it('explains an invalid mobile number and sends nothing', async () => {
    const f = await openForm();
    const name = uniqueName('bad phone');
    await f.name.fill(name);
    await f.phone.fill('12345 67890');
    await f.city.fill('Pune');
    await f.consent.check();
    await f.submit.click();
    await f.form.getByText(/Enter a 10-digit Indian mobile number/).waitFor();
    await expect(f.phone.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(f.phone.getAttribute('type')).resolves.toBe('tel');
    await expect(callbacksNamed(name)).resolves.toEqual([]);
  });

  it('success: stored for the admin, form cleared, then home after about 3 s', async () => {
    const f = await openForm();
    const name = uniqueName('success');
    await f.name.fill(name);
    await f.phone.fill('+91 98300-12345');
    await f.city.fill('Siliguri');
    await f.product.selectOption('Term Insurance');
    await f.consent.check();
    // The wait for home starts when the server has the request. The toast's code loads with
    // the first toast, so on a busy machine the toast shows later than that.
    const answered = f.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().includes('/rest/v1/callbacks'),
    );
    await f.submit.click();
    await answered;
    const sentAt = Date.now();

    await toastWith(
      f.page,
      'Request Sent!',
      'An advisor will contact you shortly. You will be redirected to the homepage.',
    );
    await expect(f.name.inputValue()).resolves.toBe('');
    await expect(f.phone.inputValue()).resolves.toBe('');
    await expect(f.city.inputValue()).resolves.toBe('');
    await expect(f.product.inputValue()).resolves.toBe('Health Insurance');
    await expect(f.consent.isChecked()).resolves.toBe(false);
    await expect(callbacksNamed(name)).resolves.toEqual([
      { name, phone: '+919830012345', city: 'Siliguri', product: 'Term Insurance' },
    ]);

    await f.page.waitForURL((url) => url.pathname === '/', { timeout: 6_000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(2_000);
  });

  it('server failure: Submission Failed toast and the inputs are kept', async () => {
    const f = await openForm();
    let respond: () => void = () => {};
    const released = new Promise<void>((resolve) => (respond = resolve));
    await f.page.route('**/rest/v1/callbacks*', async (route) => {
      await released;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
      });
    });
    const name = uniqueName('failure');
    await f.name.fill(name);
    await f.phone.fill('9830012345');
    await f.city.fill('Kolkata');
    await f.consent.check();
    await f.submit.click();
    // While the request is in flight everything is locked.
    const busy = f.form.getByRole('button', { name: 'Submitting...' });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    await expect(f.name.isDisabled()).resolves.toBe(true);
    await expect(f.consent.isDisabled()).resolves.toBe(true);
    respond();
    await toastWith(f.page, 'Submission Failed', 'Something went wrong. Please try again.');
    await expect(f.submit.isEnabled()).resolves.toBe(true);
    await expect(f.name.inputValue()).resolves.toBe(name);
    await expect(f.phone.inputValue()).resolves.toBe('9830012345');
    await expect(f.consent.isChecked()).resolves.toBe(true);
    expect(new URL(f.page.url()).pathname).toBe('/advice');
    await expect(callbacksNamed(name)).resolves.toEqual([]);
  });

  it("the toasts' code failing to load (a first visit gone offline) leaves the page working; toasts come back online", async () => {
    const stack = builtFile('src/components/notification-stack.tsx');
    session = await openBrowser(viewports.phone);
    const { page } = session;
    const blocked = `**/${stack}`;
    await page.route(blocked, (route) => route.abort('internetdisconnected'));
    const failed = page.waitForEvent('requestfailed', (request) => request.url().endsWith(stack));
    await session.goto('/advice');
    const form = page.getByRole('form', { name: 'Request a callback' });
    await form.getByLabel('Full Name').fill('Asha');
    await form.getByLabel('Mobile Number').fill('98300 12345');
    await form.getByLabel('City').fill('Kolkata');
    // Without consent: a toast says so, which cannot show without its code.
    await form.getByRole('button', { name: 'Request a Callback' }).click();
    await failed;
    // React.lazy threw the failed import to the route's error screen, and kept it for good.
    await expect(form.getByLabel('Full Name').inputValue()).resolves.toBe('Asha');
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);

    // Back online (the browser's online event): the next toast shows.
    await page.unroute(blocked);
    await session.context.setOffline(true);
    await session.context.setOffline(false);
    await form.getByRole('button', { name: 'Request a Callback' }).click();
    await toastWith(page, 'Consent Required', 'Please agree to the terms before submitting.');
  });

  it('offline: says it cannot be sent, keeps the inputs, and sends once back online', async () => {
    const f = await openForm();
    const name = uniqueName('offline');
    await f.name.fill(name);
    await f.phone.fill('7000000000');
    await f.city.fill('Guwahati');
    await f.consent.check();
    await session?.context.setOffline(true);
    await f.submit.click();
    await f.form
      .getByRole('alert')
      .getByText(/cannot be sent without an internet connection/)
      .waitFor();
    await expect(f.name.inputValue()).resolves.toBe(name);
    await expect(f.consent.isChecked()).resolves.toBe(true);
    await expect(callbacksNamed(name)).resolves.toEqual([]);

    await session?.context.setOffline(false);
    await f.submit.click();
    await toastWith(
      f.page,
      'Request Sent!',
      'An advisor will contact you shortly. You will be redirected to the homepage.',
    );
    await expect(callbacksNamed(name)).resolves.toHaveLength(1);
  });
});
