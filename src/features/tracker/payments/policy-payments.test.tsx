import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { render, screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { localToday } from '@/domain/policy';
import { formatPolicyDate } from '@/domain/tracker';
import { toast } from '@/lib/toast';
import { testTrackerSessions } from '../test-utils';
import { TrackerProvider } from '../tracker-context';
import { PolicyPayments } from './policy-payments';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });
const showToast = vi.mocked(toast);
beforeEach(() => showToast.mockReset());

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/** A real per-user Dexie store and repo; no network (the outbox just fills). */
async function setup() {
  const userId = crypto.randomUUID();
  const { sessions } = testTrackerSessions({ status: { online: false } });
  const session = sessions.acquire(userId);
  const policyId = await session.repo.savePolicy({
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    start_date: '2023-11-24',
    next_renewal_date: '2026-11-24',
    premium_amount: 18500,
    members: [],
  });
  const user = userEvent.setup();
  render(
    <TrackerProvider userId={userId} sessions={sessions}>
      <PolicyPayments policyId={policyId} />
    </TrackerProvider>,
  );
  return { session, policyId, user };
}

/**
 * The payment dialogs' code loads when first opened: on a loaded machine (the whole suite on two
 * cores) that took more than the default second and failed a run.
 */
const dialogWait = { timeout: 10_000 };

/**
 * Add payment once the policy is read: until then it is disabled, and a click on it does
 * nothing (a run on a loaded machine clicked it too soon and waited for a dialog in vain).
 */
async function addPaymentButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Add payment' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('PolicyPayments', { timeout: 20_000 }, () => {
  it('lists payments by year with a total per year', async () => {
    const { session, policyId } = await setup();
    await session.repo.addPayment({ policy_id: policyId, amount: 17000, paid_on: '2024-11-20' });
    await session.repo.addPayment({
      policy_id: policyId,
      amount: 18500,
      paid_on: '2025-11-21',
      mode: 'upi',
      reference: 'UPI 4471',
    });
    await session.repo.addPayment({ policy_id: policyId, amount: 1500, paid_on: '2025-02-02' });

    const section = await screen.findByRole('region', { name: 'Payments' });
    const y2025 = within(await within(section).findByRole('region', { name: '2025' }));
    expect(y2025.getByText('Total ₹20,000')).toBeInTheDocument();
    expect(y2025.getByText('₹18,500 · 21 Nov 2025')).toBeInTheDocument();
    expect(y2025.getByText('UPI · UPI 4471')).toBeInTheDocument();
    expect(y2025.getAllByText('Pending sync')).toHaveLength(2);
    const y2024 = within(within(section).getByRole('region', { name: '2024' }));
    expect(y2024.getByText('Total ₹17,000')).toBeInTheDocument();
    // Latest year first.
    const headings = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['2025', '2024']);
  });

  it('adds a payment for a past year, starting from the premium and today', async () => {
    const { session, policyId, user } = await setup();
    expect(await screen.findByText(/No payments recorded yet/)).toBeInTheDocument();
    await user.click(await addPaymentButton());
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a payment' }, dialogWait));
    expect(dialog.getByRole('textbox', { name: /Amount paid/ })).toHaveValue('18,500');
    const paidOn = dialog.getByRole('textbox', { name: /Paid on/ });
    expect(paidOn).toHaveValue(formatPolicyDate(localToday()));
    await user.clear(paidOn);
    await user.type(paidOn, '22/11/2023');
    await user.tab();
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Payment mode' }), 'Cheque');
    await user.type(dialog.getByRole('textbox', { name: 'Reference' }), 'CHQ 000881');
    await user.click(dialog.getByRole('button', { name: 'Save Payment' }));

    const year = within(await screen.findByRole('region', { name: '2023' }));
    expect(year.getByText('₹18,500 · 22 Nov 2023')).toBeInTheDocument();
    expect(year.getByText('Cheque · CHQ 000881')).toBeInTheDocument();
    // Offline: saved here, in the outbox, and said so.
    expect(showToast).toHaveBeenCalledWith({
      title: 'Saved on this device — it will sync when you are online',
    });
    const ops = await session.db.outbox.where('table').equals('payments').count();
    expect(ops).toBe(1);
    expect((await session.db.payments.toArray())[0]).toMatchObject({
      policy_id: policyId,
      paid_on: '2023-11-22',
      mode: 'cheque',
    });
  });

  it('refuses an empty amount', async () => {
    const { user } = await setup();
    await user.click(await addPaymentButton());
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a payment' }, dialogWait));
    await user.clear(dialog.getByRole('textbox', { name: /Amount paid/ }));
    await user.click(dialog.getByRole('button', { name: 'Save Payment' }));
    expect(await dialog.findByText('Amount is required')).toBeInTheDocument();
  });

  it('edits and deletes a payment after confirmation', async () => {
    const { session, policyId, user } = await setup();
    await session.repo.addPayment({ policy_id: policyId, amount: 17000, paid_on: '2024-11-20' });
    await user.click(
      await screen.findByRole('button', { name: 'Edit payment of ₹17,000 paid on 20 Nov 2024' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit payment' }, dialogWait));
    const amount = dialog.getByRole('textbox', { name: /Amount paid/ });
    await user.clear(amount);
    await user.type(amount, '17250');
    await user.click(dialog.getByRole('button', { name: 'Save Payment' }));
    expect(await screen.findByText('₹17,250 · 20 Nov 2024')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Delete payment of ₹17,250 paid on 20 Nov 2024' }),
    );
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Delete this payment?' }, dialogWait),
    );
    expect(
      confirm.getByText(
        'The payment of ₹17,250 paid on 20 Nov 2024 will be removed from your records.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No payments recorded yet/)).toBeInTheDocument();
    await waitFor(async () => expect(await session.db.outbox.count()).toBe(1));
  });
});
