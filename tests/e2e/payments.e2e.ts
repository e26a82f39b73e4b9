// Mark Renewed with a payment, and its Undo (issue 19), in Chromium against the local server.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { addPolicyOnServer, createUser, signInAt, uniqueEmail } from './helpers/accounts';
import { openBrowser, type BrowserSession } from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/** Reads the server's rows with the service key (bypasses RLS, sees tombstones too). */
async function serverRows<T>(path: string): Promise<T[]> {
  const key = inject('serviceRoleKey');
  const response = await fetch(`${inject('apiUrl')}/rest/v1/${path}`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
}

interface ServerPayment {
  amount: number;
  paid_on: string;
  mode: string | null;
  reference: string | null;
  deleted_at: string | null;
}

describe('payments', () => {
  it('Mark Renewed shows the new date, records the payment, and Undo puts the date back', async () => {
    const email = uniqueEmail('payments');
    const userId = await createUser(email);
    await addPolicyOnServer(userId, {
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-19',
      start_date: '2025-11-24',
      next_renewal_date: '2026-11-24',
      premium_amount: 18500,
    });
    session = await openBrowser();
    const page = await signInAt(session, '/policy-tracker', email);
    const card = page.getByRole('article', { name: 'Star Health', exact: true });
    await card.getByText('24 Nov 2026').waitFor();
    const synced = page.getByText('All changes synced', { exact: true });
    await synced.waitFor({ timeout: 20_000 });

    await card.getByRole('button', { name: /^Mark Renewed/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Renewed?' });
    await dialog.getByText('24 Nov 2026 → 24 Nov 2027').waitFor();
    expect(await dialog.getByRole('textbox', { name: /Amount paid/ }).inputValue()).toBe('18,500');
    await dialog.getByRole('combobox', { name: 'Payment mode' }).selectOption({ label: 'UPI' });
    await dialog.getByRole('textbox', { name: 'Reference' }).fill('UPI 4471');
    await dialog.getByRole('button', { name: 'Confirm Renewal' }).click();

    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    const renewed = toasts.getByRole('alert').filter({ hasText: 'Policy renewed successfully!' });
    await renewed.waitFor();
    await card.getByText('24 Nov 2027').waitFor();
    // Held open (Mantine pauses a toast under the pointer) while the renewal reaches the server.
    await renewed.hover();
    await synced.waitFor({ timeout: 20_000 });
    const [payment] = await serverRows<ServerPayment>(`payments?user_id=eq.${userId}`);
    expect(payment).toMatchObject({ amount: 18500, mode: 'upi', reference: 'UPI 4471' });
    expect(payment?.deleted_at).toBeNull();

    await renewed.getByRole('button', { name: 'Undo' }).click();
    await toasts.getByText('Renewal undone', { exact: true }).waitFor();
    await card.getByText('24 Nov 2026').waitFor();
    await synced.waitFor({ timeout: 20_000 });
    await expect
      .poll(async () =>
        (await serverRows<{ next_renewal_date: string }>(`policies?user_id=eq.${userId}`)).map(
          (p) => p.next_renewal_date,
        ),
      )
      .toEqual(['2026-11-24']);
    const [undone] = await serverRows<ServerPayment>(`payments?user_id=eq.${userId}`);
    expect(undone?.deleted_at).not.toBeNull();
  });
});
