import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
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

const PASSWORD = 'secret-pass-1';

function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** Creates a confirmed account straight through the auth API (the server autoconfirms). */
async function createUser(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return body.user.id;
}

/** Gives the user a policy on the server (as the admin backend would see it). */
async function addPolicyOnServer(userId: string, insurerName: string): Promise<void> {
  const serviceKey = inject('serviceRoleKey');
  const response = await fetch(`${inject('apiUrl')}/rest/v1/policies`, {
    method: 'POST',
    headers: {
      apikey: serviceKey,
      Authorization: `Bearer ${serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      user_id: userId,
      // The seeded global 'Health' type.
      policy_type_id: '6f1a0c2e-0000-4000-8000-000000000002',
      insurer_name: insurerName,
      policy_number: 'OFF-1',
      start_date: '2025-01-01',
      next_renewal_date: '2030-01-01',
      renewal_frequency: 'yearly',
    }),
  });
  expect(response.status).toBe(201);
}

interface DevMail {
  to: string;
  kind: string;
  link: string | null;
}

async function latestMail(to: string, kind: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${inject('apiUrl')}/_dev/mail.json`);
        const mails = (await response.json()) as DevMail[];
        found = mails.filter((mail) => mail.to === to && mail.kind === kind).at(-1);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${kind} mail for ${to}`);
  return found;
}

function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

async function toastWith(page: Page, title: string, description?: string) {
  await toasts(page).getByText(title, { exact: true }).waitFor();
  if (description) await toasts(page).getByText(description, { exact: true }).waitFor();
}

async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

async function waitForTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
}

async function open(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  session = await openBrowser(viewport);
  await session.goto(path);
  return session.page;
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openAccountMenu(page: Page) {
  await page.locator('header').getByRole('button', { name: 'My Account' }).click();
}

async function signOutFromMenu(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

describe('auth: email and password', () => {
  it('signing up lands on the policy dashboard; signing out returns home', async () => {
    const page = await open('/login');
    await waitForTitle(page, 'Login | BimaGuide');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByText('Minimum 6 characters').waitFor();
    const email = uniqueEmail('signup');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await waitForPath(page, '/policy-tracker');
    await toastWith(page, 'Sign up successful!', 'Redirecting to dashboard...');
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();

    await openAccountMenu(page);
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await menu.getByRole('menuitem', { name: 'Policy Dashboard' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Reset Password' }).waitFor();
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).resolves.toBe(0);
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();

    await waitForPath(page, '/');
    await toastWith(page, 'Signed Out', 'You have been successfully signed out.');
    await page.locator('header').getByRole('link', { name: 'Login / Sign Up' }).waitFor();
  });

  it('a wrong password shows Sign in Failed with the server message and stays put', async () => {
    const email = uniqueEmail('wrong');
    await createUser(email);
    const page = await open('/login');
    await logIn(page, email, 'not-the-password');
    await toastWith(page, 'Sign in Failed', 'Invalid login credentials');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await pathOf(page)).toBe('/login');
  });

  it('signing up twice with one email shows the server message', async () => {
    const email = uniqueEmail('dup');
    await createUser(email);
    const page = await open('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await toastWith(page, 'Sign up Failed', 'User already registered');
    expect(await pathOf(page)).toBe('/login');
  });

  it('the tracker sends a signed-out visitor to /login and back after signing in', async () => {
    const email = uniqueEmail('guard');
    await createUser(email);
    const page = await open('/policy-tracker');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await pathOf(page)).toBe('/login?redirect=%2Fpolicy-tracker');
    await logIn(page, email);
    await waitForPath(page, '/policy-tracker');
    await toastWith(page, 'Login Successful', 'Redirecting to dashboard...');
  });

  it('honours a same-site redirect and refuses external ones', async () => {
    const email = uniqueEmail('redirect');
    await createUser(email);
    const page = await open('/login?redirect=%2Ffaq');
    await logIn(page, email);
    await waitForPath(page, '/faq');
    await signOutFromMenu(page);
    await waitForPath(page, '/');

    for (const target of ['https://example.com/', '//example.com/x', '/\\example.com']) {
      await session?.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await logIn(page, email);
      await waitForPath(page, '/policy-tracker');
      expect(new URL(page.url()).origin).toBe(new URL(inject('baseUrl')).origin);
      await signOutFromMenu(page);
      await waitForPath(page, '/');
    }
  });

  it('the session survives a reload', async () => {
    const email = uniqueEmail('reload');
    await createUser(email);
    const page = await open('/login');
    await logIn(page, email);
    await waitForPath(page, '/policy-tracker');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();
    expect(await pathOf(page)).toBe('/policy-tracker');
    await page.locator('header').getByRole('button', { name: 'My Account' }).waitFor();
    // A reload is not a sign-in: no success toast again.
    await expect(toasts(page).getByText('Login Successful').count()).resolves.toBe(0);
  });

  it('an expired token with the server unreachable keeps the user signed in; it refreshes once the server is back', async () => {
    const email = uniqueEmail('offline');
    await createUser(email);
    const page = await open('/login');
    await logIn(page, email);
    await waitForPath(page, '/policy-tracker');
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();

    // Age the stored access token past its expiry, then cut the app off from the API.
    const storageKey = await page.evaluate(() =>
      Object.keys(localStorage).find((key) => /^sb-.*-auth-token$/.test(key)),
    );
    expect(storageKey).toBeDefined();
    await page.evaluate((key) => {
      const raw = localStorage.getItem(key);
      if (!raw) throw new Error('no stored session');
      const stored = JSON.parse(raw) as { expires_at: number };
      stored.expires_at = Math.floor(Date.now() / 1000) - 120;
      localStorage.setItem(key, JSON.stringify(stored));
    }, storageKey ?? '');
    const apiPattern = `${inject('apiUrl')}/**`;
    await page.route(apiPattern, (route) => route.abort('internetdisconnected'));

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();
    expect(await pathOf(page)).toBe('/policy-tracker');
    await page.locator('header').getByRole('button', { name: 'My Account' }).waitFor();

    await page.unroute(apiPattern);
    await expect
      .poll(
        () =>
          page.evaluate((key) => {
            const raw = localStorage.getItem(key);
            return raw ? (JSON.parse(raw) as { expires_at: number }).expires_at : 0;
          }, storageKey ?? ''),
        { timeout: 40_000, interval: 500 },
      )
      .toBeGreaterThan(Date.now() / 1000);
    expect(await pathOf(page)).toBe('/policy-tracker');
  });
});

describe('auth: offline', () => {
  it('an offline reload keeps the user signed in with their policies', async () => {
    const email = uniqueEmail('offline-reload');
    const userId = await createUser(email);
    const insurer = `Offline Insurer ${randomUUID().slice(0, 8)}`;
    await addPolicyOnServer(userId, insurer);
    const page = await open('/login');
    await logIn(page, email);
    await waitForPath(page, '/policy-tracker');
    await page.getByText(insurer).first().waitFor({ timeout: 20_000 });
    // The service worker precaches the whole app before it takes control; that can take a while
    // on a busy machine.
    await waitForServiceWorker(page);

    await session?.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();
    await page.getByText(insurer).first().waitFor();
    expect(await pathOf(page)).toBe('/policy-tracker');
    await openAccountMenu(page);
    await page.getByRole('menu').getByText(email).waitFor();
  }, 120_000);
});

describe('auth: Google', () => {
  it('signs in through the local account chooser', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    const email = uniqueEmail('google');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForPath(page, '/policy-tracker');
    await toastWith(page, 'Login Successful', 'Redirecting to dashboard...');
    // The tokens came back in the address; they must not stay there.
    expect(new URL(page.url()).hash).toBe('');
    await openAccountMenu(page);
    await page.getByRole('menu').getByText(email).waitFor();
  });
});

describe('auth: password reset', () => {
  it('the emailed link opens /password-reset; the new password works for the next login', async () => {
    const email = uniqueEmail('reset');
    await createUser(email);
    const page = await open('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page
      .getByText('Enter your email address above to receive a password reset link.')
      .waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await toastWith(page, 'Password reset email sent');

    const mail = await latestMail(email, 'recovery');
    expect(mail.link).toBeTruthy();
    await page.goto(mail.link ?? '');
    await waitForPath(page, '/password-reset');
    await page.getByText(`Signed in as ${email}`).waitFor();

    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    await page.getByText('Passwords do not match.').waitFor();

    const newPassword = 'brand-new-pass';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toastWith(page, 'Password Updated Successfully');
    await waitForPath(page, '/policy-tracker');

    await signOutFromMenu(page);
    await waitForPath(page, '/');
    await session?.goto('/login');
    await logIn(page, email, PASSWORD);
    await toastWith(page, 'Sign in Failed', 'Invalid login credentials');
    await logIn(page, email, newPassword);
    await waitForPath(page, '/policy-tracker');
  });

  it('without a session the page says so and links to the login', async () => {
    const page = await open('/password-reset');
    await page.getByText(/you are not signed in/i).waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await waitForPath(page, '/login');
  });
});

describe('auth: admin', () => {
  it('a signed-out visit to /admin goes to /admin-login', async () => {
    const page = await open('/admin');
    await waitForPath(page, '/admin-login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  });

  it('a wrong admin password re-enables the button and says why under the form', async () => {
    const page = await open('/admin-login');
    await page.getByText('Access your dashboard').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(inject('adminEmail'));
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled(),
    ).resolves.toBe(true);
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Sign in failed' })
      .filter({ hasText: 'Invalid login credentials' })
      .waitFor();
    await expect(toasts(page).getByRole('alert').count()).resolves.toBe(0);
    await expect(toasts(page).innerText()).resolves.toBe('');
    expect(await pathOf(page)).toBe('/admin-login');
  });

  it('admin-login reaches /admin, and the menu offers the Admin Dashboard', async () => {
    const page = await open('/admin-login');
    await waitForTitle(page, 'Admin Login | BimaGuide');
    await page.getByLabel('Email', { exact: true }).fill(inject('adminEmail'));
    await page.getByLabel('Password', { exact: true }).fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/admin');
    await toastWith(page, 'Login Successful', 'Redirecting to dashboard...');

    await session?.goto('/');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await waitForPath(page, '/admin');
    // Reloading an admin page keeps the admin in (the admin answer is not re-derived client-side).
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await pathOf(page)).toBe('/admin');
  });

  it('a non-admin opening /admin is signed out, told Access Denied and sent to /login', async () => {
    const email = uniqueEmail('not-admin');
    await createUser(email);
    const page = await open('/login');
    await logIn(page, email);
    await waitForPath(page, '/policy-tracker');

    await session?.goto('/admin');
    await toastWith(page, 'Access Denied', 'You are not authorized to access this page.');
    await waitForPath(page, '/login');

    // Really signed out: the tracker now asks for a login again.
    await session?.goto('/policy-tracker');
    await waitForPath(page, '/login');
  });
});

describe('auth: phone layout', () => {
  it('the mobile menu holds the account items and signs out', async () => {
    const email = uniqueEmail('phone');
    await createUser(email);
    const page = await open('/login', viewports.phone);
    await logIn(page, email);
    await waitForPath(page, '/policy-tracker');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Policy Dashboard' }).waitFor();
    await menu.getByRole('link', { name: 'Reset Password' }).waitFor();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/');
    await toastWith(page, 'Signed Out', 'You have been successfully signed out.');
  });
});
