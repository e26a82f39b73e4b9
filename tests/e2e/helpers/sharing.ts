// Family sharing (issue 18) in the end-to-end tests: accounts with a name (shares show it),
// calls as a user, the dev mailbox's invitation links and opening one signed out.
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, uniqueEmail } from './accounts';
import type { BrowserSession } from './browser';

export interface Account {
  id: string;
  email: string;
  token: string;
}

/** Signs in through the auth API: the account's id, address and access token. */
export async function apiSignIn(email: string): Promise<Account> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { id: session.user.id, email, token: session.access_token };
}

/** Signs up with a name (a share shows it) and signs in through the API for a token. */
export async function namedAccount(name: string): Promise<Account> {
  const email = uniqueEmail(name.toLowerCase());
  const signUp = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD, data: { full_name: name } }),
  });
  expect(signUp.status).toBe(200);
  return apiSignIn(email);
}

/** Calls a database function as the user, as supabase-js's rpc() does; expects it answered. */
export async function rpcAs<T>(
  who: Account,
  fn: string,
  args: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${inject('apiUrl')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: inject('anonKey'),
      Authorization: `Bearer ${who.token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  expect({ fn, status: response.status }).toEqual({ fn, status: 200 });
  return (await response.json()) as T;
}

interface DevMail {
  to: string;
  kind: string;
  link: string | null;
}

/** The invitations the dev mailbox holds for `to`, oldest first. */
export async function invitationMails(to: string): Promise<DevMail[]> {
  const response = await fetch(`${inject('apiUrl')}/_dev/mail.json`);
  const mails = (await response.json()) as DevMail[];
  return mails.filter((mail) => mail.to === to && mail.kind === 'invite');
}

/** The path and query of the newest invitation mailed to `to`. */
export async function invitationLink(to: string): Promise<string> {
  let link: string | null | undefined;
  await expect
    .poll(
      async () => {
        link = (await invitationMails(to)).at(-1)?.link;
        return typeof link === 'string';
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(link ?? '');
  expect(url.pathname).toBe('/policy-tracker/invitations');
  expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
  return `${url.pathname}${url.search}`;
}

/**
 * Opens a mailed link signed out and signs in as `email` from the login page it leads to
 * (the token in no address); back on the invitations page.
 */
export async function openLinkAndSignIn(
  session: BrowserSession,
  link: string,
  email: string,
): Promise<Page> {
  await session.goto(link);
  const { page } = session;
  await page.waitForURL((url) => url.pathname === '/login');
  expect(page.url()).not.toContain('token');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/policy-tracker/invitations');
  await page.getByRole('heading', { level: 1, name: 'Invitations' }).waitFor();
  return page;
}
