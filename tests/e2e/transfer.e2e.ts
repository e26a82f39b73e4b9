import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addPolicyOnServer,
  createUser,
  insertOnServer,
  signInAt,
  uniqueEmail,
} from './helpers/accounts';
import { openBrowser, type BrowserSession } from './helpers/browser';

const sessions: BrowserSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function browser(): Promise<BrowserSession> {
  const session = await openBrowser();
  sessions.push(session);
  return session;
}

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const VEHICLE = '6f1a0c2e-0000-4000-8000-000000000001';

async function serverPolicies(userId: string): Promise<{ policy_number: string }[]> {
  const key = inject('serviceRoleKey');
  const response = await fetch(
    `${inject('apiUrl')}/rest/v1/policies?user_id=eq.${userId}&deleted_at=is.null&select=policy_number&order=policy_number`,
    { headers: { apikey: key, Authorization: `Bearer ${key}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { policy_number: string }[];
}

async function serverPayments(userId: string) {
  const key = inject('serviceRoleKey');
  const response = await fetch(
    `${inject('apiUrl')}/rest/v1/payments?user_id=eq.${userId}&deleted_at=is.null&select=amount,paid_on,mode,reference&order=paid_on`,
    { headers: { apikey: key, Authorization: `Bearer ${key}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

interface ExportFile {
  format: string;
  version: number;
  policies: Record<string, unknown>[];
}

describe('export and import', () => {
  it('a JSON export imported into a fresh account gives the same policies', async () => {
    const email = uniqueEmail('export');
    const userId = await createUser(email);
    const star = crypto.randomUUID();
    await addPolicyOnServer(userId, {
      id: star,
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-9',
      product_name: 'Family Optima',
      start_date: '2025-11-24',
      next_renewal_date: '2026-11-24',
      premium_amount: 18500,
      sum_insured: 500000,
      claim_helpline: '1800-425-2255',
      nominee_name: 'Ravi',
    });
    await addPolicyOnServer(userId, {
      policy_type_id: VEHICLE,
      insurer_name: 'Tata AIG',
      policy_number: 'TA-1',
      start_date: '2025-01-31',
      next_renewal_date: '2026-01-31',
      renewal_frequency: 'monthly',
      additional_details: 'Car, KA-01\nRenew online',
    });
    for (const payment of [
      { amount: 17250, paid_on: '2024-11-20', mode: null, reference: null },
      { amount: 18500, paid_on: '2025-11-22', mode: 'upi', reference: 'UTR 4471' },
    ]) {
      await insertOnServer('payments', { user_id: userId, policy_id: star, ...payment });
    }
    for (const [name, relationship] of [
      ['Asha', 'Self'],
      ['Ravi', 'Spouse'],
    ] as const) {
      const person = crypto.randomUUID();
      await insertOnServer('people', { id: person, user_id: userId, name, relationship });
      await insertOnServer('policy_members', {
        user_id: userId,
        policy_id: star,
        person_id: person,
      });
    }

    const first = await browser();
    const page = await signInAt(first, '/policy-tracker', email);
    await page.getByRole('article', { name: 'Star Health', exact: true }).waitFor();
    await page.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Export or import' }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker/transfer');

    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(/^bimaguide-policies-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Insurer,Policy number,Type,Plan,Start date,Next renewal date,Renewal frequency,Sum insured,Premium,Members,Nominee,Claim helpline,TPA,TPA helpline,Agent,Agent phone,Notes,Total paid,Last paid on,Payments',
    );
    expect(lines).toContain(
      'Star Health,SH-9,Health,Family Optima,2025-11-24,2026-11-24,yearly,500000,18500,Asha (Self); Ravi (Spouse),Ravi,1800-425-2255,,,,,,35750,2025-11-22,2024-11-20 17250; 2025-11-22 18500 UPI ref UTR 4471',
    );

    const json = await download(page, 'Download JSON');
    const exported = JSON.parse(json.text) as ExportFile;
    expect(exported).toMatchObject({ format: 'bimaguide-policies', version: 1 });
    expect(exported.policies).toHaveLength(2);
    expect(exported.policies.find((p) => p.policy_number === 'SH-9')?.payments).toEqual([
      { paid_on: '2024-11-20', amount: 17250, mode: null, reference: null },
      { paid_on: '2025-11-22', amount: 18500, mode: 'upi', reference: 'UTR 4471' },
    ]);

    // A fresh account on another device.
    const otherEmail = uniqueEmail('import');
    const otherId = await createUser(otherEmail);
    const second = await browser();
    const other = await signInAt(second, '/policy-tracker/transfer', otherEmail);
    await other.getByText('You have no policies to export yet.').waitFor();
    await other.locator('input[type="file"]').setInputFiles({
      name: json.name,
      mimeType: 'application/json',
      buffer: Buffer.from(json.text),
    });
    await other.getByText('2 policies ready to import.').waitFor();
    await other.getByRole('button', { name: 'Import 2 policies' }).click();
    await other.getByText('2 policies imported.').waitFor();

    await other.getByRole('link', { name: 'Go to your policies' }).click();
    const card = other.getByRole('article', { name: 'Star Health', exact: true });
    await card.waitFor();
    expect(await card.textContent()).toContain('Asha');
    await other.getByRole('article', { name: 'Tata AIG', exact: true }).waitFor();
    await other.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await serverPolicies(otherId)).toEqual([
      { policy_number: 'SH-9' },
      { policy_number: 'TA-1' },
    ]);
    expect(await serverPayments(otherId)).toEqual([
      { amount: 17250, paid_on: '2024-11-20', mode: null, reference: null },
      { amount: 18500, paid_on: '2025-11-22', mode: 'upi', reference: 'UTR 4471' },
    ]);
    // The policy page lists them with the year's total.
    await card.getByRole('link', { name: 'Star Health' }).click();
    const paymentsSection = other.getByRole('region', { name: 'Payments' });
    await paymentsSection.getByText('UTR 4471').waitFor();
    await other.goBack();

    // Its own export says exactly what the first account's did.
    await other.getByRole('link', { name: 'Export or import' }).click();
    const again = JSON.parse((await download(other, 'Download JSON')).text) as ExportFile;
    expect(again.policies).toEqual(exported.policies);
  });

  it('a CSV with errors on three lines lists them and imports the rest only once confirmed', async () => {
    const email = uniqueEmail('bad-csv');
    const userId = await createUser(email);
    const session = await browser();
    const page = await signInAt(session, '/policy-tracker/transfer', email);
    const csv = [
      'Insurer,Policy number,Type,Start date,Next renewal date,Premium,Members',
      'Star Health,SH-1,Health,2025-11-24,2026-11-24,18500,Asha (Self)',
      'Niva Bupa,,Health,2025-03-01,2026-03-01,9000,',
      'HDFC Ergo,HE-3,Vehicle,24/03/2025,24/03/2026,"12,000",',
      'ICICI Lombard,IL-4,Health,2025-13-01,2026-01-01,100,',
      'Bajaj,BA-5,Health,2025-05-01,2024-05-01,lots,',
      'Acko,AC-6,Pet,2025-06-01,2026-06-01,,Asha',
    ].join('\n');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'my-policies.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('heading', { name: 'Match the columns' }).waitFor();
    const preview = page.getByRole('table', { name: /The first 5 rows/ });
    expect(await preview.getByRole('row').nth(1).textContent()).toContain('Star Health');
    await page.getByRole('button', { name: 'Check 6 rows' }).click();

    const errors = page.getByRole('list', { name: 'Lines with errors' });
    await errors.waitFor();
    expect(await errors.getByRole('listitem').allTextContents()).toEqual([
      'Line 3: Policy number is required',
      'Line 5: Start date: Use a valid date (YYYY-MM-DD)',
      'Line 6: Premium amount must be a number',
    ]);
    await page
      .getByText('3 policies ready to import. 3 lines have errors and will not be imported.')
      .waitFor();
    await page.getByText('New policy types will be added as your own: Pet.').waitFor();
    // Nothing saved before the confirmation, on the device or the server.
    await page.getByText('You have no policies to export yet.').waitFor();
    expect(await serverPolicies(userId)).toEqual([]);

    await page.getByRole('button', { name: 'Import 3 policies' }).click();
    await page.getByText('3 policies imported.').waitFor();
    await page.getByRole('link', { name: 'Go to your policies' }).click();
    for (const insurer of ['Star Health', 'HDFC Ergo', 'Acko']) {
      await page.getByRole('article', { name: insurer, exact: true }).waitFor();
    }
    expect(await page.getByRole('article').count()).toBe(3);
    await page.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await serverPolicies(userId)).toEqual([
      { policy_number: 'AC-6' },
      { policy_number: 'HE-3' },
      { policy_number: 'SH-1' },
    ]);
  });

  it('1,000 rows import with a progress bar while the page keeps painting', async () => {
    const email = uniqueEmail('bulk');
    await createUser(email);
    const session = await browser();
    const page = await signInAt(session, '/policy-tracker/transfer', email);
    const rows = Array.from(
      { length: 1000 },
      (_, i) =>
        `Insurer ${i % 40},BULK-${i},Health,2025-01-01,2026-${String((i % 12) + 1).padStart(2, '0')}-15,${1000 + i},Asha (Self); Member ${i % 7} (Child)`,
    );
    const csv = [
      'Insurer,Policy number,Type,Start date,Next renewal date,Premium,Members',
      ...rows,
    ].join('\n');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bulk.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Check 1,000 rows' }).click();
    await page.getByRole('button', { name: 'Import 1,000 policies' }).click();

    // The longest gap between two animation frames while the import runs: a frozen page has none.
    await page.evaluate(() => {
      const w = window as unknown as { maxFrameGap: number; frames: number; watching: boolean };
      w.maxFrameGap = 0;
      w.frames = 0;
      w.watching = true;
      let last = performance.now();
      const tick = (now: number) => {
        w.frames += 1;
        w.maxFrameGap = Math.max(w.maxFrameGap, now - last);
        last = now;
        if (w.watching) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const started = Date.now();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByText('1,000 policies imported.').waitFor({ timeout: 60_000 });
    const took = Date.now() - started;
    const { maxFrameGap, frames } = await page.evaluate(() => {
      const w = window as unknown as { maxFrameGap: number; frames: number; watching: boolean };
      w.watching = false;
      return { maxFrameGap: w.maxFrameGap, frames: w.frames };
    });
    console.log(
      `1,000-row import: ${took} ms, ${frames} frames, longest frame gap ${Math.round(maxFrameGap)} ms`,
    );
    expect(frames).toBeGreaterThan(10);
    expect(maxFrameGap).toBeLessThan(1000);
  });
});
