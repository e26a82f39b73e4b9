// Family sharing's invitations (issue 18), the owner's and the invitee's screens, in two
// Chromium profiles against the local server: inviting from a policy's page, the mailed link
// (dev mailbox) opened signed out, signing up through it, accepting, who has access and
// revoking; and each refusal said with nothing changed.
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  E2E_PASSWORD,
  addPolicyOnServer,
  createUser,
  signInAt,
  uniqueEmail,
} from './helpers/accounts';
import { openBrowser, type BrowserSession } from './helpers/browser';
import { apiSignIn, invitationLink, invitationMails, openLinkAndSignIn } from './helpers/sharing';

const sessions: BrowserSession[] = [];

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions.length = 0;
});

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

async function browser(): Promise<BrowserSession> {
  const session = await openBrowser();
  sessions.push(session);
  return session;
}

/** An owner with one policy on the server, on that policy's page. */
async function ownerOnPolicyPage(): Promise<{ page: Page; email: string; policyId: string }> {
  const email = uniqueEmail('owner');
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
  });
  const page = await signInAt(await browser(), `/policy-tracker/${id}`, email);
  await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
  await page.getByRole('region', { name: 'Who has access' }).waitFor();
  return { page, email, policyId: id };
}

function accessSection(page: Page) {
  return page.getByRole('region', { name: 'Who has access' });
}

async function openInvite(page: Page) {
  await accessSection(page).getByRole('button', { name: 'Share with family' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this policy' });
  await dialog.waitFor();
  return dialog;
}

async function invite(page: Page, email: string, role: 'Viewer' | 'Editor' = 'Viewer') {
  const dialog = await openInvite(page);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}:`) }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  return dialog;
}

/** Sends an invitation that goes out: the dialog closes and the address is listed as invited. */
async function sentInvite(page: Page, email: string) {
  const dialog = await invite(page, email);
  await dialog.waitFor({ state: 'hidden' });
  await accessSection(page).getByText(email, { exact: true }).waitFor();
}

/** Sends an invitation that the server refuses: its sentence, the dialog and input stay. */
async function refusedInvite(page: Page, email: string, sentence: string) {
  const dialog = await invite(page, email);
  await expect
    .poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 })
    .toContain(sentence);
  expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function invitationCount(owner: string): Promise<number> {
  const key = inject('serviceRoleKey');
  const response = await fetch(
    `${inject('apiUrl')}/rest/v1/share_invitations?select=id&owner_id=eq.${owner}`,
    { headers: { apikey: key, Authorization: `Bearer ${key}` } },
  );
  return ((await response.json()) as unknown[]).length;
}

describe('sharing: invitations', () => {
  it('an owner invites by email; the invitee signs up through the link, accepts and is shown; revoking removes them', async () => {
    const owner = await ownerOnPolicyPage();
    const invitee = uniqueEmail('invitee');
    await sentInvite(owner.page, invitee);
    await owner.page.getByText('Invitation sent', { exact: true }).first().waitFor();

    const link = await invitationLink(invitee);
    const session = await browser();
    await session.goto(link);
    const { page } = session;
    // Signed out: the login page, and the token is in no address, not even the redirect.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(page.url()).not.toContain('token');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/policy-tracker/invitations');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(invitee);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/policy-tracker/invitations');
    expect(page.url()).not.toContain('token');
    const fromLink = page.getByRole('region', { name: 'Invitation from your link' });
    await fromLink.getByText(`${owner.email} invites you`).waitFor();
    await fromLink.getByText('Star Health · SH-42').waitFor();
    await fromLink.getByText('Viewer: can see everything, including documents').waitFor();
    await fromLink.getByRole('button', { name: 'Accept' }).click();

    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    await page.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();
    await page
      .getByRole('article', { name: 'Star Health', exact: true })
      .waitFor({ timeout: 15_000 });
    // The share is the server's: the invitee's own session now reads the policy.
    const reader = await apiSignIn(invitee);
    const read = await fetch(
      `${inject('apiUrl')}/rest/v1/policies?select=policy_number&id=eq.${owner.policyId}`,
      { headers: { apikey: inject('anonKey'), Authorization: `Bearer ${reader.token}` } },
    );
    expect(await read.json()).toEqual([{ policy_number: 'SH-42' }]);

    // The owner sees them among the people with access, and revokes.
    await owner.page.reload();
    const section = accessSection(owner.page);
    await section.getByText(invitee, { exact: true }).waitFor();
    await section.getByText('No invitations are waiting.').waitFor();
    await section.getByRole('button', { name: `Revoke access for ${invitee}` }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Revoke access?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('Nobody else has access yet.').waitFor();
    await expect(section.getByText(invitee, { exact: true }).count()).resolves.toBe(0);
  });

  it('refuses yourself, a non-address, offline and a duplicate with their sentences, changing nothing', async () => {
    const owner = await ownerOnPolicyPage();
    const ownerId = (await apiSignIn(owner.email)).id;

    await refusedInvite(owner.page, owner.email, 'You cannot share policies with yourself');
    await refusedInvite(
      owner.page,
      'not-an-address',
      'Enter a valid email address, like name@example.com',
    );
    expect(await invitationCount(ownerId)).toBe(0);

    // Offline: said before anything is sent, and what was typed stays.
    const someone = uniqueEmail('someone');
    const context = owner.page.context();
    await context.setOffline(true);
    await refusedInvite(
      owner.page,
      someone,
      'You are offline. Sharing needs an internet connection',
    );
    await context.setOffline(false);
    expect(await invitationCount(ownerId)).toBe(0);

    await sentInvite(owner.page, someone);
    await refusedInvite(
      owner.page,
      someone,
      'An invitation to this address for these policies is already waiting',
    );
    expect(await invitationCount(ownerId)).toBe(1);
    expect(await invitationMails(someone)).toHaveLength(1);
  });

  it('an expired and a withdrawn invitation each say so, opened or accepted, and nothing is shared', async () => {
    const owner = await ownerOnPolicyPage();
    const late = uniqueEmail('late');
    const gone = uniqueEmail('gone');
    await createUser(late);
    await createUser(gone);
    await sentInvite(owner.page, late);
    await sentInvite(owner.page, gone);

    // Past its date before the link is opened: the service key moves it, as fourteen days would.
    const key = inject('serviceRoleKey');
    const moved = await fetch(
      `${inject('apiUrl')}/rest/v1/share_invitations?email=eq.${encodeURIComponent(late)}`,
      {
        method: 'PATCH',
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ expires_at: new Date(Date.now() - 1000).toISOString() }),
      },
    );
    expect(moved.status).toBeLessThan(300);
    const latePage = await openLinkAndSignIn(await browser(), await invitationLink(late), late);
    const lateLink = latePage.getByRole('region', { name: 'Invitation from your link' });
    await lateLink.getByText('This invitation has expired; ask for a new one').waitFor();
    expect(await lateLink.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await latePage.getByText('No invitations are waiting for you.').waitFor();

    // Opened while still waiting, withdrawn before it is accepted: Accept says so.
    const gonePage = await openLinkAndSignIn(await browser(), await invitationLink(gone), gone);
    const goneLink = gonePage.getByRole('region', { name: 'Invitation from your link' });
    await goneLink.getByText(`${owner.email} invites you`).waitFor();
    const section = accessSection(owner.page);
    await section.getByRole('button', { name: `Withdraw the invitation to ${gone}` }).click();
    await section.getByText(gone, { exact: true }).waitFor({ state: 'detached' });
    await goneLink.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => gonePage.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toContain('This invitation was withdrawn');
    expect(new URL(gonePage.url()).pathname).toBe('/policy-tracker/invitations');

    // Nothing is shared: neither reads the policy, and the owner lists nobody.
    for (const email of [late, gone]) {
      const reader = await apiSignIn(email);
      const read = await fetch(
        `${inject('apiUrl')}/rest/v1/policies?select=id&id=eq.${owner.policyId}`,
        { headers: { apikey: inject('anonKey'), Authorization: `Bearer ${reader.token}` } },
      );
      expect(await read.json()).toEqual([]);
    }
    await owner.page.reload();
    await accessSection(owner.page).getByText('Nobody else has access yet.').waitFor();
  });
});
