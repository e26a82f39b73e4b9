import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';

/** The password every account made by the end-to-end tests signs in with. */
export const E2E_PASSWORD = 'secret-pass-1';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** Signs an account up through the API (e-mail confirmation is off in the tests). */
export async function createUser(email: string): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Writes a row straight into the server (service key), as another device would have. */
export async function insertOnServer(table: string, row: Record<string, unknown>): Promise<void> {
  const key = inject('serviceRoleKey');
  const response = await fetch(`${inject('apiUrl')}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(row),
  });
  expect(response.status).toBe(201);
}

/** Saves a policy straight into the server (service key), as another device would have. */
export function addPolicyOnServer(userId: string, fields: Record<string, unknown>): Promise<void> {
  return insertOnServer('policies', { user_id: userId, renewal_frequency: 'yearly', ...fields });
}

/** Opens a guarded page signed out, signs in on /login and waits to be back on it. */
export async function signInAt(
  session: BrowserSession,
  path: string,
  email: string,
): Promise<Page> {
  const { page } = session;
  await session.goto(path);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  return page;
}
