// Family sharing (issue 18) end to end, in two browser profiles against the built app and the
// local server, all through the screens: the owner shares from the policy's page, the
// recipient accepts through the mailed link (dev mailbox), the owner changes the role and
// revokes in "Who has access". Only the owner's first data (her other device) and a forged
// request are made with the API.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signInAt } from './helpers/accounts';
import {
  openBrowser,
  viewports,
  waitForServiceWorker,
  type BrowserSession,
} from './helpers/browser';
import { invitationLink, namedAccount, openLinkAndSignIn, rpcAs } from './helpers/sharing';

const sessions: BrowserSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function browser(): Promise<BrowserSession> {
  const session = await openBrowser(viewports.phone);
  sessions.push(session);
  return session;
}

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const PDF_NAME = 'policy-schedule.pdf';

function whoHasAccess(page: Page) {
  return page.getByRole('region', { name: 'Who has access' });
}

function policyCard(page: Page) {
  return page.getByRole('article', { name: 'Star Health', exact: true });
}

/** Opens the PDF: a new tab on a blob: URL holding the document. */
async function openPdf(page: Page, context: BrowserContext): Promise<void> {
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Open ${PDF_NAME}`, exact: true }).click(),
  ]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/^blob:/);
  expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
  await tab.close();
}

/** How many document files the user's tracker database holds on this device. */
function storedFiles(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('documentFiles').objectStore('documentFiles').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
    `bimaguide-tracker-${userId}`,
  );
}

describe('family sharing', () => {
  it('a viewer sees a shared policy offline and cannot change it; as editor renews it, the owner sees it at once; a revoke takes it off the device', async () => {
    const priya = await namedAccount('Priya');
    const ravi = await namedAccount('Ravi');
    const policyId = randomUUID();
    const documentId = randomUUID();
    const pdf = Buffer.from(`%PDF-1.4\n% Star Health schedule SH-18\n%%EOF\n`);

    // Priya's policy and its document, as her other device left them.
    const pushed = await rpcAs<{ status: string }[]>(priya, 'sync_push', {
      ops: [
        {
          op_id: randomUUID(),
          table: 'policies',
          kind: 'upsert',
          row: {
            id: policyId,
            policy_type_id: HEALTH,
            insurer_name: 'Star Health',
            policy_number: 'SH-18',
            start_date: '2025-12-15',
            next_renewal_date: '2026-12-15',
            renewal_frequency: 'yearly',
          },
        },
        {
          op_id: randomUUID(),
          table: 'policy_documents',
          kind: 'upsert',
          row: {
            id: documentId,
            policy_id: policyId,
            name: PDF_NAME,
            mime_type: 'application/pdf',
            size: pdf.length,
          },
        },
      ],
    });
    expect(pushed.map((r) => r.status)).toEqual(['applied', 'applied']);
    const storagePath = `${priya.id}/${policyId}/${documentId}`;
    const upload = await fetch(
      `${inject('apiUrl')}/storage/v1/object/policy-documents/${storagePath}`,
      {
        method: 'POST',
        headers: {
          apikey: inject('anonKey'),
          Authorization: `Bearer ${priya.token}`,
          'Content-Type': 'application/pdf',
        },
        body: pdf,
      },
    );
    expect(upload.status).toBe(200);

    // Priya marks it renewed on this device: its renewal date is now a value she wrote here.
    const owner = await browser();
    const ownerPage = await signInAt(owner, '/policy-tracker', priya.email);
    await policyCard(ownerPage)
      .getByRole('button', { name: /^Mark Renewed/ })
      .click();
    const renewDialog = ownerPage.getByRole('dialog', { name: 'Mark as Renewed?' });
    await renewDialog.getByText('15 Dec 2026 → 15 Dec 2027').waitFor();
    await renewDialog.getByRole('button', { name: 'Confirm Renewal' }).click();
    await policyCard(ownerPage).getByText('15 Dec 2027').waitFor();
    await ownerPage.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });

    // Priya shares it with Ravi to view, from the policy's page.
    await policyCard(ownerPage).getByRole('link', { name: 'Star Health' }).click();
    await ownerPage.waitForURL((url) => url.pathname === `/policy-tracker/${policyId}`);
    const access = whoHasAccess(ownerPage);
    await access.getByRole('button', { name: 'Share with family' }).click();
    const invite = ownerPage.getByRole('dialog', { name: 'Share this policy' });
    await invite.getByLabel('Email address').fill(ravi.email);
    await invite.getByRole('radio', { name: /^Viewer:/ }).check();
    await invite.getByRole('radio', { name: 'This policy' }).check();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'hidden' });
    await access.getByText(ravi.email, { exact: true }).waitFor();

    // Ravi opens the mailed link, signs in and accepts: the dashboard has Priya's policy.
    const recipient = await browser();
    const page = await openLinkAndSignIn(recipient, await invitationLink(ravi.email), ravi.email);
    const fromLink = page.getByRole('region', { name: 'Invitation from your link' });
    await fromLink.getByText('Star Health · SH-18').waitFor();
    await fromLink.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');

    // Ravi sees it marked as Priya's, with no way to change it.
    const card = policyCard(page);
    await card.getByText('Shared by Priya').waitFor({ timeout: 20_000 });
    expect(await card.getByRole('button', { name: /^Mark Renewed/ }).count()).toBe(0);
    await card.getByRole('link', { name: 'Star Health' }).click();
    await page.waitForURL((url) => url.pathname === `/policy-tracker/${policyId}`);
    await page.getByRole('heading', { name: 'Shared with you by Priya · viewer' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mark Renewed' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add photo' }).count()).toBe(0);
    await page.getByRole('button', { name: `More actions for ${PDF_NAME}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Rename' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // Not downloaded yet, it says whose it is; it opens as an own one does, and stays.
    await page.getByText('Saved by Priya — downloads when you open it').waitFor();
    await openPdf(page, recipient.context);
    expect(await storedFiles(page, ravi.id)).toBe(1);

    // Offline after a reload: still there, document included.
    await waitForServiceWorker(page);
    await recipient.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Shared with you by Priya · viewer' }).waitFor();
    await openPdf(page, recipient.context);
    await recipient.goto('/policy-tracker');
    await policyCard(page).getByText('Shared by Priya').waitFor();
    await recipient.context.setOffline(false);

    // A forged change with Ravi's token is refused by the server.
    const forged = await rpcAs<{ status: string; code: string }[]>(ravi, 'sync_push', {
      ops: [
        {
          op_id: randomUUID(),
          table: 'policies',
          kind: 'upsert',
          row: { id: policyId, premium_amount: 1 },
        },
      ],
    });
    expect(forged).toMatchObject([{ status: 'rejected', code: 'SH101' }]);

    // Priya makes Ravi an editor in "Who has access" (opened again: it reads the server each
    // time it is shown), then goes back to her dashboard; he marks it renewed.
    await ownerPage.getByRole('link', { name: 'Back to Policy Dashboard' }).click();
    await policyCard(ownerPage).getByRole('link', { name: 'Star Health' }).click();
    const role = whoHasAccess(ownerPage).getByRole('combobox', {
      name: `Role for Ravi (${ravi.email})`,
    });
    await role.selectOption('editor');
    await ownerPage.getByText(`Ravi (${ravi.email}) is now Editor`).first().waitFor();
    await ownerPage.getByRole('link', { name: 'Back to Policy Dashboard' }).click();
    await policyCard(ownerPage).waitFor();
    await recipient.goto(`/policy-tracker/${policyId}`);
    await page
      .getByRole('heading', { name: 'Shared with you by Priya · editor' })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Mark Renewed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Renewed?' });
    await dialog.getByText('15 Dec 2027 → 15 Dec 2028').waitFor();
    await dialog.getByRole('button', { name: 'Confirm Renewal' }).click();

    // Priya's open dashboard shows the new date within seconds, saying who changed it.
    await policyCard(ownerPage).getByText('15 Dec 2028').waitFor({ timeout: 10_000 });
    await ownerPage
      .getByText(
        'Star Health (SH-18) — changed by Ravi on another device: next renewal date 15 Dec 2027 → 15 Dec 2028',
      )
      .waitFor({ timeout: 10_000 });

    // Priya revokes on the policy's page: Ravi's device drops the policy and its file at its
    // next sync, and the server gives him nothing of it.
    await policyCard(ownerPage).getByRole('link', { name: 'Star Health' }).click();
    const revokeFrom = whoHasAccess(ownerPage);
    await revokeFrom
      .getByRole('button', { name: `Revoke access for Ravi (${ravi.email})` })
      .click();
    await ownerPage
      .getByRole('dialog', { name: 'Revoke access?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await revokeFrom.getByText('Nobody else has access yet.').waitFor();
    await recipient.goto('/policy-tracker');
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor({ timeout: 20_000 });
    expect(await policyCard(page).count()).toBe(0);
    await expect.poll(() => storedFiles(page, ravi.id)).toBe(0);
    await recipient.goto(`/policy-tracker/${policyId}`);
    await page.getByRole('heading', { name: 'Policy not found' }).waitFor();

    const read = await fetch(`${inject('apiUrl')}/rest/v1/policies?id=eq.${policyId}`, {
      headers: { apikey: inject('anonKey'), Authorization: `Bearer ${ravi.token}` },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([]);
    const file = await fetch(
      `${inject('apiUrl')}/storage/v1/object/authenticated/policy-documents/${storagePath}`,
      { headers: { apikey: inject('anonKey'), Authorization: `Bearer ${ravi.token}` } },
    );
    expect(file.status).toBe(400);
    expect(await file.json()).toMatchObject({ statusCode: '404' });
  }, 240_000);
});
