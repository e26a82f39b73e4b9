import { useState, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { fireEvent, screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import type { DashboardFilters } from '@/domain/tracker';
import { toast } from '@/lib/toast';
import { HEALTH_TYPE, policyView, renderWithRouter, VEHICLE_TYPE } from '../test-utils';
import { PolicyDashboard, type DashboardActions } from './policy-dashboard';
import { setBuildEntry } from '@/lib/build-entry';
import type { PaymentDetails } from '@/domain/schemas';
import { PolicyNotFoundError, type PolicyView, type RenewalReceipt } from '@/sync';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

// The machines running these are shared and slow at times: give async queries room.
configure({ asyncUtilTimeout: 5000 });
const showToast = vi.mocked(toast);

const today = '2026-03-10';

function actions() {
  return {
    renew: vi.fn(
      async (policyId: string, payment: PaymentDetails | null): Promise<RenewalReceipt> => ({
        policy_id: policyId,
        renewed_from: '2027-03-15',
        next_renewal_date: '2027-04-15',
        payment_id: payment ? 'payment-1' : null,
      }),
    ),
    undoRenewal: vi.fn(async (_receipt: RenewalReceipt): Promise<void> => undefined),
    remove: vi.fn(async (_policyId: string): Promise<unknown> => undefined),
    addToCalendar: vi.fn(async (_policy: PolicyView): Promise<void> => undefined),
    share: vi.fn(async (_policy: PolicyView): Promise<void> => undefined),
    retry: vi.fn((_opId: string) => {}),
    discard: vi.fn((_opId: string) => {}),
  } satisfies DashboardActions;
}

function setup({
  policies,
  filters = {},
  awaitingFirstSync = false,
  online = true,
  aside,
  keptFor,
}: {
  policies: PolicyView[] | undefined;
  filters?: DashboardFilters;
  awaitingFirstSync?: boolean;
  online?: boolean;
  aside?: (policies: readonly PolicyView[]) => ReactNode;
  keptFor?: string;
}) {
  const onFiltersChange = vi.fn();
  const acts = actions();
  const view = renderWithRouter(
    <PolicyDashboard
      policies={policies}
      awaitingFirstSync={awaitingFirstSync}
      today={today}
      filters={filters}
      onFiltersChange={onFiltersChange}
      actions={acts}
      online={online}
      aside={aside}
      keptFor={keptFor}
    />,
  );
  return { ...view, onFiltersChange, actions: acts, user: userEvent.setup() };
}

const star = policyView({
  insurer_name: 'Star Health',
  policy_number: 'SH-1',
  next_renewal_date: '2027-03-15',
  premium_amount: 1000,
  renewal_frequency: 'monthly',
  sum_insured: 500000,
  members: [
    { person_id: 'p1', name: 'Asha', relationship: 'Self' },
    { person_id: 'p2', name: 'Ravi', relationship: 'Spouse' },
  ],
});
const hdfc = policyView({
  insurer_name: 'HDFC Ergo',
  policy_number: 'HE-2',
  next_renewal_date: '2026-03-20',
  type: VEHICLE_TYPE,
  premium_amount: 30000,
  renewal_frequency: '3-yearly',
  sum_insured: 300000,
  sync: 'pending',
});
const tata = policyView({
  insurer_name: 'Tata AIG',
  policy_number: 'TA-3',
  next_renewal_date: '2026-03-01',
  type: VEHICLE_TYPE,
  premium_amount: 9999,
  sum_insured: 9999,
  sync: 'failed',
  failedOps: [
    {
      op_id: 'op-1',
      table: 'policies',
      kind: 'upsert',
      record_id: 'x',
      policy_id: 'x',
      message: 'new row violates check constraint',
      created_at: '2026-03-01T00:00:00Z',
    },
  ],
});

beforeEach(() => showToast.mockReset());

// The dialog's code loads when it first opens (src/lib/lazy-dialog); loaded here first, so the
// waits below are for the app and not for the test runner's first transform of that code.
beforeAll(async () => {
  await import('../payments/renew-dialog');
});

describe('PolicyDashboard', () => {
  it('shows the loading text while the store is read, and on a first sync with nothing stored', async () => {
    const view = setup({ policies: undefined });
    expect(await screen.findByText('Loading your policies...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Policy Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Your central hub for all insurance policies.')).toBeInTheDocument();
    // Nothing under the loading line for the arriving list to push down the screen.
    expect(screen.queryByRole('link', { name: 'Export or import' })).not.toBeInTheDocument();
    view.unmount();

    setup({ policies: [], awaitingFirstSync: true });
    expect(await screen.findByText('Loading your policies...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export or import' })).not.toBeInTheDocument();
  });

  it('shows the panels above the list only with the list, made from the same policies', async () => {
    const aside = (policies: readonly PolicyView[]) => <p>{policies.length} read for the panel</p>;
    const view = setup({ policies: undefined, aside });
    expect(await screen.findByText('Loading your policies...')).toBeInTheDocument();
    // Shown with the loading line, it would push the list down when that arrives.
    expect(screen.queryByText(/read for the panel/)).not.toBeInTheDocument();
    view.unmount();

    // Whatever the filters keep: reminders are about every stored policy they cover.
    const sharedOne = policyView({
      user_id: 'owner',
      insurer_name: 'Bajaj',
      shared: {
        owner_id: 'owner',
        owner_label: 'Priya',
        role: 'viewer',
        share_ids: ['s1'],
        reminders_enabled: true,
      },
    });
    setup({
      policies: [star, policyView(), sharedOne],
      filters: { whose: 'mine', q: 'Star' },
      aside,
    });
    expect(await screen.findByText('3 read for the panel')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Star Health' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bajaj' })).not.toBeInTheDocument();
  });

  it('shows stored policies at once even before the first sync finishes', async () => {
    setup({ policies: [star], awaitingFirstSync: true });
    expect(await screen.findByRole('heading', { name: 'Star Health' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your policies...')).not.toBeInTheDocument();
  });

  it('invites the first policy when there are none', async () => {
    setup({ policies: [], filters: { status: 'lapsed' } });
    expect(await screen.findByRole('heading', { name: 'No policies yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Add your first policy to start tracking renewals.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Policy' })).toHaveAttribute(
      'href',
      '/policy-tracker/new',
    );
    expect(screen.getByRole('link', { name: 'Add New Policy' })).toHaveAttribute(
      'href',
      '/policy-tracker/new',
    );
    // Importing is how a new device's tracker fills up.
    expect(screen.getByRole('link', { name: 'Export or import' })).toBeInTheDocument();
  });

  it('says when the filters match nothing and clears them', async () => {
    const { onFiltersChange, user } = setup({
      policies: [star, hdfc],
      filters: { type: HEALTH_TYPE.id, status: 'lapsed' },
    });
    expect(
      await screen.findByRole('heading', { name: 'No policies match your filters' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting or clearing your filters to see all policies.'),
    ).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear Filters' });
    expect(clear).toHaveLength(2);
    await user.click(clear[clear.length - 1] as HTMLElement);
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
  });

  it('counts every policy and filters by status from the summary cards', async () => {
    const { onFiltersChange, user } = setup({ policies: [star, hdfc, tata] });
    const summary = await screen.findByRole('group', { name: 'Policy summary' });
    const card = (name: RegExp) => within(summary).getByRole('button', { name });
    expect(card(/Total Policies\s*3/)).toHaveAttribute('aria-pressed', 'true');
    expect(card(/Active\s*1/)).toHaveAttribute('aria-pressed', 'false');
    expect(card(/Due Soon\s*1/)).toBeInTheDocument();
    expect(card(/Lapsed\s*1/)).toBeInTheDocument();
    await user.click(card(/Lapsed/));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ status: 'lapsed' });
  });

  it('shows only policies matching type AND status', async () => {
    setup({ policies: [star, hdfc, tata], filters: { type: VEHICLE_TYPE.id, status: 'lapsed' } });
    expect(await screen.findByRole('heading', { name: 'Tata AIG' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'HDFC Ergo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Star Health' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Policy summary' })).getByRole('button', {
        name: /Lapsed/,
      }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('adds up annualised premiums of policies that have not lapsed, and cover per type', async () => {
    setup({ policies: [star, hdfc, tata] });
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Yearly premium (policies not lapsed)')).toBeInTheDocument();
    // 1000 × 12 + 30000 ÷ 3; the lapsed Tata policy is left out.
    expect(screen.getByTestId('annual-premium')).toHaveTextContent('₹22,000');
    // The same policies as the Active and Due Soon cards, and the label says so.
    expect(totals.getByText('Active + Due Soon: 2 policies')).toBeInTheDocument();
    // A car's value is not added to health cover.
    expect(screen.getByTestId('cover-by-type')).toHaveTextContent(
      'Health ₹5,00,000 · Vehicle ₹3,00,000',
    );
    // The premium outlook is a link away, beside the yearly figure.
    expect(totals.getByRole('link', { name: 'Premium outlook' })).toHaveAttribute(
      'href',
      '/policy-tracker/outlook',
    );
  });

  it('filters by type and status from the two labelled selects, All taking it off', async () => {
    const { onFiltersChange, user } = setup({
      policies: [star, hdfc, tata],
      filters: { q: 'a', status: 'lapsed' },
    });
    const type = await screen.findByRole('combobox', { name: 'Policy type' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    const labels = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(labels(type)).toEqual(['All Types', 'Health', 'Vehicle']);
    expect(labels(status)).toEqual(['All Statuses', 'Active', 'Due Soon', 'Lapsed']);
    expect(type).toHaveDisplayValue('All Types');
    expect(status).toHaveDisplayValue('Lapsed');

    await user.selectOptions(type, 'Vehicle');
    expect(onFiltersChange).toHaveBeenLastCalledWith({
      q: 'a',
      status: 'lapsed',
      type: VEHICLE_TYPE.id,
    });
    await user.selectOptions(status, 'All Statuses');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: 'a', status: undefined });
  });

  it('keeps showing the chosen type when no policy shown has it', async () => {
    const { onFiltersChange, user } = setup({
      policies: [star],
      filters: { type: VEHICLE_TYPE.id },
    });
    expect(
      await screen.findByRole('heading', { name: 'No policies match your filters' }),
    ).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: 'Policy type' });
    expect(type).toHaveDisplayValue('Vehicle');
    await user.selectOptions(type, 'All Types');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ type: undefined });
  });

  it('names the chosen type when Mine leaves no policy of it, and says so when none is known', async () => {
    const family = { id: 'own-type-1', name: 'Family floater', icon: null };
    const sharedOne = policyView({
      user_id: 'owner',
      insurer_name: 'Bajaj',
      type: family,
      shared: {
        owner_id: 'owner',
        owner_label: 'Priya',
        role: 'viewer',
        share_ids: ['s1'],
        reminders_enabled: false,
      },
    });
    const view = setup({
      policies: [star, sharedOne],
      filters: { whose: 'mine', type: family.id },
    });
    expect(
      await screen.findByRole('heading', { name: 'No policies match your filters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Policy type' })).toHaveDisplayValue(
      'Family floater',
    );
    view.unmount();

    // An address naming a type this device has never seen (or `all`, which no type is).
    setup({ policies: [star], filters: { type: 'all' } });
    await screen.findByRole('heading', { name: 'No policies match your filters' });
    const type = screen.getByRole('combobox', { name: 'Policy type' });
    expect(type).toHaveDisplayValue('Type not found');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Types', 'Health', 'Type not found']);
  });

  it('finds policies by insurer, number, plan or member, with the type and status', async () => {
    const plan = policyView({
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-9',
      product_name: 'ReAssure',
      next_renewal_date: '2026-03-15',
    });
    const show = (filters: DashboardFilters) =>
      setup({ policies: [star, hdfc, tata, plan], filters });
    let view = show({ q: ' RAVI ' });
    expect(await screen.findByRole('heading', { name: 'Star Health' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    view.unmount();
    view = show({ q: 'reassure' });
    expect(await screen.findByRole('heading', { name: 'Niva Bupa' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    view.unmount();
    view = show({ q: 'e-2', status: 'due-soon' });
    expect(await screen.findByRole('heading', { name: 'HDFC Ergo' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    view.unmount();
    show({ q: 'e-2', status: 'active' });
    expect(
      await screen.findByRole('heading', { name: 'No policies match your filters' }),
    ).toBeInTheDocument();
  });

  it('puts what is typed in the labelled search box into the filters, and clears it', async () => {
    const { onFiltersChange, user } = setup({
      policies: [star, hdfc],
      filters: { status: 'due-soon' },
    });
    const search = await screen.findByRole('searchbox', { name: 'Search policies' });
    await user.type(search, 'S');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ status: 'due-soon', q: 'S' });
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
  });

  it('links to the reminder settings page and to export and import, with no policies too', async () => {
    setup({ policies: [star] });
    expect(await screen.findByRole('link', { name: 'Reminder settings' })).toHaveAttribute(
      'href',
      '/policy-tracker/settings',
    );
    expect(screen.getByRole('link', { name: 'Export or import' })).toHaveAttribute(
      'href',
      '/policy-tracker/transfer',
    );
  });

  it('shows each card’s type, status in words, number, renewal date, members and sync state', async () => {
    setup({ policies: [star, hdfc, tata] });
    const starCard = await screen.findByRole('article', { name: 'Star Health' });
    const c = within(starCard);
    expect(c.getByText('Health')).toBeInTheDocument();
    expect(c.getByText('Active')).toBeInTheDocument();
    expect(c.getByText('370 days left')).toBeInTheDocument();
    expect(c.getByText('SH-1')).toBeInTheDocument();
    expect(c.getByText('15 Mar 2027')).toBeInTheDocument();
    expect(c.getByText('Asha (Self), Ravi (Spouse)')).toBeInTheDocument();
    expect(starCard.querySelector('[data-icon="heart-pulse"]')).not.toBeNull();
    // Drawn by the one style sheet the cards share.
    const drawings = document.head.querySelectorAll('style[data-href^="policy-card-icons"]');
    expect(drawings).toHaveLength(1);
    expect(drawings[0]?.textContent).toMatch(
      /\[data-icon="heart-pulse"\]\{--card-icon:url\("data:image\/svg\+xml,%3Csvg/,
    );

    const hdfcCard = within(screen.getByRole('article', { name: 'HDFC Ergo' }));
    expect(hdfcCard.getByText('Due Soon')).toBeInTheDocument();
    expect(hdfcCard.getByText('10 days left')).toBeInTheDocument();
    expect(hdfcCard.getByText('Pending sync')).toBeInTheDocument();

    const tataCard = within(screen.getByRole('article', { name: 'Tata AIG' }));
    expect(tataCard.getByText('Lapsed 9 days ago')).toBeInTheDocument();
    expect(tataCard.getByText('Sync failed')).toBeInTheDocument();
    expect(tataCard.getByText(/new row violates check constraint/)).toBeInTheDocument();
  });

  it('opens the policy’s page from its card’s title, in the app', async () => {
    const { user, router, actions: acts } = setup({ policies: [star, hdfc] });
    const card = within(await screen.findByRole('article', { name: 'Star Health' }));
    const title = card.getByRole('link', { name: 'Star Health' });
    expect(title).toHaveAttribute('href', `/policy-tracker/${star.id}`);
    await user.click(title);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/policy-tracker/${star.id}`));
    // The card's own buttons still do their own thing.
    await user.click(card.getByRole('button', { name: /Mark Renewed/ }));
    expect(await screen.findByRole('dialog', { name: 'Mark as Renewed?' })).toBeInTheDocument();
    expect(acts.renew).not.toHaveBeenCalled();
  });

  it('retries or discards a refused change from its card', async () => {
    const { actions: acts, user } = setup({ policies: [tata] });
    const card = within(await screen.findByRole('article', { name: 'Tata AIG' }));
    await user.click(card.getByRole('button', { name: /^Retry/ }));
    expect(acts.retry).toHaveBeenCalledWith('op-1');
    await user.click(card.getByRole('button', { name: /^Discard/ }));
    expect(acts.discard).toHaveBeenCalledWith('op-1');
  });

  it('renews after confirmation, recording the payment, and offers Undo', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    await user.click(await screen.findByRole('button', { name: /Mark Renewed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Renewed?' });
    expect(
      within(dialog).getByText(
        "This will advance the renewal date based on the policy's frequency. This action can be edited later.",
      ),
    ).toBeInTheDocument();
    // Monthly: the date it moves to, before confirming.
    expect(within(dialog).getByText('15 Mar 2027 → 15 Apr 2027')).toBeInTheDocument();
    // The premium and today, unless changed.
    expect(within(dialog).getByRole('textbox', { name: /Amount paid/ })).toHaveValue('1,000');
    expect(within(dialog).getByRole('textbox', { name: /Paid on/ })).toHaveValue('10 Mar 2026');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment mode' }), 'UPI');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'UPI 4471');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() =>
      expect(acts.renew).toHaveBeenCalledWith(star.id, {
        amount: 1000,
        paid_on: today,
        mode: 'upi',
        reference: 'UPI 4471',
      }),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Policy renewed successfully!',
        action: { label: 'Undo', onClick: expect.any(Function) },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    showToast.mock.calls.at(-1)?.[0].action?.onClick();
    expect(acts.undoRenewal).toHaveBeenCalledWith({
      policy_id: star.id,
      renewed_from: '2027-03-15',
      next_renewal_date: '2027-04-15',
      payment_id: 'payment-1',
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: 'Renewal undone' }));
  });

  it('renews without a payment when the amount is emptied, and refuses a zero amount', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    await user.click(await screen.findByRole('button', { name: /Mark Renewed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Renewed?' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount paid/ });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Renewal' }));
    expect(await within(dialog).findByText('Amount must be more than zero')).toBeInTheDocument();
    expect(acts.renew).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() => expect(acts.renew).toHaveBeenCalledWith(star.id, null));
  });

  it('offline, says a renewal and a deletion are saved on this device, not done', async () => {
    const { user } = setup({ policies: [star], online: false });
    await user.click(await screen.findByRole('button', { name: /Mark Renewed/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Saved on this device — it will sync when you are online',
        action: { label: 'Undo', onClick: expect.any(Function) },
      }),
    );
    expect(showToast).not.toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Policy renewed successfully!' }),
    );
    showToast.mockReset();
    await user.click(screen.getByRole('button', { name: /More actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Saved on this device — it will sync when you are online',
      }),
    );
  });

  it('does nothing when the renewal is cancelled', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    await user.click(await screen.findByRole('button', { name: /Mark Renewed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Renewed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(acts.renew).not.toHaveBeenCalled();
  });

  it('deletes from the card menu after confirmation', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    await user.click(
      await screen.findByRole('button', { name: 'More actions for Star Health SH-1' }),
    );
    const menu = screen.getByRole('menu', { name: 'More actions for Star Health SH-1' });
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/policy-tracker/edit/${star.id}`,
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText(
        'This action cannot be undone. This will permanently delete the policy.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(acts.remove).toHaveBeenCalledWith(star.id);
    expect(showToast).toHaveBeenCalledWith({ title: 'Policy deleted successfully' });
  });

  it('reports a failed renewal', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    acts.renew.mockRejectedValueOnce(new Error('Policy x was not found'));
    await user.click(await screen.findByRole('button', { name: /Mark Renewed/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error renewing policy',
      description: 'Policy x was not found',
      variant: 'destructive',
    });
  });

  it('says why in the app’s words when the policy is gone from the device', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    acts.renew.mockRejectedValueOnce(new PolicyNotFoundError(star.id));
    await user.click(await screen.findByRole('button', { name: /Mark Renewed/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Error renewing policy',
        description: 'This policy is not on this device any more.',
        variant: 'destructive',
      }),
    );
  });
});

describe('PolicyDashboard card menu, by keyboard', () => {
  async function focusTrigger(name: string) {
    const trigger = await screen.findByRole('button', { name: `More actions for ${name}` });
    trigger.focus();
    return trigger;
  }

  it('opens on Enter with focus on Edit, and Escape closes it and returns focus', async () => {
    const { user } = setup({ policies: [star, hdfc] });
    const trigger = await focusTrigger('Star Health SH-1');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'More actions for Star Health SH-1' });
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on Space and ArrowDown on the first item, on ArrowUp on the last', async () => {
    const { user } = setup({ policies: [star] });
    const trigger = await focusTrigger('Star Health SH-1');

    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Escape}');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('moves between the items with the arrows, Home and End, wrapping around', async () => {
    const { user } = setup({ policies: [star] });
    await focusTrigger('Star Health SH-1');
    await user.keyboard('{Enter}');
    const edit = screen.getByRole('menuitem', { name: 'Edit' });
    const calendar = screen.getByRole('menuitem', { name: 'Add to calendar' });
    const share = screen.getByRole('menuitem', { name: 'Share' });
    const remove = screen.getByRole('menuitem', { name: 'Delete' });

    await user.keyboard('{ArrowDown}');
    expect(calendar).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(share).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(remove).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(edit).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(remove).toHaveFocus();
    await user.keyboard('{Home}');
    expect(edit).toHaveFocus();
    await user.keyboard('{End}');
    expect(remove).toHaveFocus();
  });

  it('follows the Edit link on Enter', async () => {
    const { router, user } = setup({ policies: [star] });
    await focusTrigger('Star Health SH-1');
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/policy-tracker/edit/${star.id}`),
    );
  });

  it('Add to calendar saves that policy’s calendar file and gives focus back', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    const trigger = await focusTrigger('Star Health SH-1');
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Add to calendar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(acts.addToCalendar).toHaveBeenCalledWith(star);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('Share sends that policy’s summary and gives focus back; a failure is said', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    const trigger = await focusTrigger('Star Health SH-1');
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(acts.share).toHaveBeenCalledWith(star);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    acts.share.mockRejectedValueOnce(new Error('no clipboard'));
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Share' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Could not share the policy', variant: 'destructive' }),
      ),
    );
  });

  it('asks before deleting, and a cancel puts focus back on the card’s button', async () => {
    const { actions: acts, user } = setup({ policies: [star] });
    const trigger = await focusTrigger('Star Health SH-1');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(acts.remove).not.toHaveBeenCalled();
  });

  it('closes on Tab, on a click elsewhere, and when another card’s menu opens', async () => {
    const { user } = setup({ policies: [star, hdfc] });
    const starTrigger = await focusTrigger('Star Health SH-1');
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(starTrigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(starTrigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Policy Dashboard' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(starTrigger);
    await user.click(screen.getByRole('button', { name: 'More actions for HDFC Ergo HE-2' }));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.getByRole('menu', { name: 'More actions for HDFC Ergo HE-2' })).toBeVisible();
    expect(starTrigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open with its keys working after a click between the items', async () => {
    const { user } = setup({ policies: [star] });
    await user.click(await focusTrigger('Star Health SH-1'));
    const menu = screen.getByRole('menu');
    await user.click(menu);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  });

  it('closes when its button is pressed again', async () => {
    const { user } = setup({ policies: [star] });
    const trigger = await focusTrigger('Star Health SH-1');
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  describe('with policies shared with the user (issue 18)', () => {
    const priyas = policyView({
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-9',
      next_renewal_date: '2026-03-15',
      user_id: '22222222-2222-4222-8222-222222222222',
      shared: {
        owner_id: '22222222-2222-4222-8222-222222222222',
        owner_label: 'Priya',
        role: 'viewer',
        share_ids: ['s1'],
        reminders_enabled: false,
      },
    });

    it('marks the shared card with its owner and gives a viewer no Mark Renewed', async () => {
      setup({ policies: [star, priyas] });
      const card = (await screen.findByRole('heading', { name: 'Niva Bupa' })).closest('article');
      if (!card) throw new Error('no card');
      expect(within(card).getByText('Shared by Priya')).toBeVisible();
      expect(within(card).queryByRole('button', { name: /Mark Renewed/ })).toBeNull();
      const own = screen.getByRole('heading', { name: 'Star Health' }).closest('article');
      if (!own) throw new Error('no card');
      expect(within(own).queryByText(/Shared by/)).toBeNull();
      expect(within(own).getByRole('button', { name: /Mark Renewed/ })).toBeVisible();
    });

    it('offers Mine / Shared with me / All and counts only what it keeps', async () => {
      const { onFiltersChange, user } = setup({
        policies: [star, priyas],
        filters: { whose: 'shared' },
      });
      expect(await screen.findByRole('heading', { name: 'Niva Bupa' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Star Health' })).toBeNull();
      const summary = screen.getByRole('group', { name: 'Policy summary' });
      expect(within(summary).getByRole('button', { name: /Total Policies\s*1/ })).toBeVisible();
      const whose = screen.getByRole('group', { name: 'Whose policies' });
      await user.click(within(whose).getByText('Mine'));
      expect(onFiltersChange).toHaveBeenLastCalledWith({ whose: 'mine' });
    });

    it('offers no such filter to a user without shares', async () => {
      setup({ policies: [star, hdfc] });
      expect(await screen.findByRole('heading', { name: 'Star Health' })).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Whose policies' })).toBeNull();
    });
  });
});

/** The dashboard with its filters kept in state, as the route keeps them in the address. */
function FilteredDashboard({ policies, keptFor }: { policies: PolicyView[]; keptFor?: string }) {
  const [filters, setFilters] = useState<DashboardFilters>({});
  return (
    <PolicyDashboard
      policies={policies}
      awaitingFirstSync={false}
      today={today}
      filters={filters}
      onFiltersChange={setFilters}
      actions={actions()}
      keptFor={keptFor}
    />
  );
}

// Rendered in batches (useIncrementalCount); jsdom is slow at a hundred cards on a busy machine.
describe('PolicyDashboard with over a hundred policies', { timeout: 30_000 }, () => {
  const many = Array.from({ length: 120 }, (_, i) =>
    policyView({ insurer_name: `Bulk Insurer ${i + 1}`, policy_number: `BULK-${i + 1}` }),
  );

  it('ends with every card in the page, as a list a screen reader counts', async () => {
    setup({ policies: many });
    const region = await screen.findByRole('region', { name: 'Policies' });
    // The last card is in the page (find-in-page finds it), said to be the last of 120.
    const last = await within(region).findByRole(
      'article',
      { name: 'Bulk Insurer 120' },
      { timeout: 15_000 },
    );
    const item = last.closest('li');
    expect(item).toHaveAttribute('aria-posinset', '120');
    expect(item).toHaveAttribute('aria-setsize', '120');
    expect(within(region).getAllByRole('listitem')).toHaveLength(120);
    expect(within(region).getByRole('status')).toHaveTextContent('Policies shown: 120 of 120');
  });

  it('Tab goes from one card to the next down to the last', async () => {
    const { user } = setup({ policies: many });
    const region = await screen.findByRole('region', { name: 'Policies' });
    await within(region).findByRole('article', { name: 'Bulk Insurer 120' }, { timeout: 15_000 });
    within(region).getByRole('button', { name: 'Mark Renewed: Bulk Insurer 119 BULK-119' }).focus();
    await user.tab();
    expect(within(region).getByRole('link', { name: 'Bulk Insurer 120' })).toHaveFocus();
  });

  it('shows only what a new search keeps, and the replaced list leaves the page', async () => {
    renderWithRouter(<FilteredDashboard policies={many} />);
    const region = await screen.findByRole('region', { name: 'Policies' });
    await within(region).findByRole('article', { name: 'Bulk Insurer 120' }, { timeout: 15_000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), {
      target: { value: 'Bulk Insurer 11' },
    });
    // At once: the 11 it finds are the list, and none of the 120 before is shown or said.
    expect(within(region).getAllByRole('article')).toHaveLength(11);
    expect(within(region).getAllByRole('list')).toHaveLength(1);
    expect(within(region).getByRole('status')).toHaveTextContent('Policies shown: 11 of 120');
    // Each card's name comes from the card shown, not from its copy in the replaced list
    // (hidden, still in the page until it is taken apart; a reminder's highlight skips it too).
    const kept = many[10];
    expect(kept?.insurer_name).toBe('Bulk Insurer 11');
    const shownCard = within(region).getByRole('article', { name: 'Bulk Insurer 11' });
    expect(region.querySelectorAll(`[data-policy-id="${kept?.id}"]`)).toHaveLength(2);
    expect(document.getElementById(`policy-${kept?.id}-title`)).toBe(
      within(shownCard).getByRole('heading', { name: /Bulk Insurer 11/ }),
    );
    // Then the old list goes from the page too, so find-in-page finds only these.
    await waitFor(() => expect(region.querySelectorAll(':scope > ul')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(region.querySelectorAll('article')).toHaveLength(11);

    // A search that finds nothing says so at once, with no card left to see or find.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), {
      target: { value: 'Bulk Insurer 11x' },
    });
    expect(screen.getByRole('heading', { name: 'No policies match your filters' })).toBeVisible();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(0));
  });

  it('hides a list the type filter or a search replaced where it is, then takes it apart', async () => {
    const mixed = many.map((policy, i) =>
      i % 2 === 0 ? policy : { ...policy, type: VEHICLE_TYPE, policy_type_id: VEHICLE_TYPE.id },
    );
    renderWithRouter(<FilteredDashboard policies={mixed} />);
    const region = await screen.findByRole('region', { name: 'Policies' });
    await within(region).findByRole('article', { name: 'Bulk Insurer 120' }, { timeout: 15_000 });
    const lists = new MutationObserver(() => {});
    lists.observe(region, { childList: true, subtree: true });

    fireEvent.change(screen.getByRole('combobox', { name: 'Policy type' }), {
      target: { value: VEHICLE_TYPE.id },
    });
    // The 60 vehicles shown at once; the 120 before stay in the page, hidden, for now.
    expect(within(region).getByRole('status')).toHaveTextContent('Policies shown: 60 of 120');
    expect(within(region).getAllByRole('list')).toHaveLength(1);
    const replaced = [...region.querySelectorAll<HTMLUListElement>(':scope > ul')].filter(
      (list) => list.hidden,
    );
    expect(replaced).toHaveLength(1);
    expect(replaced[0]?.querySelectorAll('article')).toHaveLength(120);
    // Its contents are skipped rather than taken out of the layout (content-visibility), so
    // the list's own element is kept from screen readers by name; the shown one is not.
    expect(replaced[0]).toHaveAttribute('aria-hidden', 'true');
    expect(within(region).getByRole('list')).not.toHaveAttribute('aria-hidden');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), {
      target: { value: 'Bulk Insurer 11' },
    });
    // 110, 112, … 118: the vehicles among the 11 the search finds.
    expect(within(region).getAllByRole('article')).toHaveLength(5);
    // No replaced list was taken out and put back elsewhere (its cards restyled for nothing).
    const moved = lists
      .takeRecords()
      .flatMap((record) => [...record.removedNodes])
      .filter((node) => node.nodeName === 'UL' && node.isConnected);
    lists.disconnect();
    expect(moved).toEqual([]);
    await waitFor(() => expect(region.querySelectorAll(':scope > ul')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(region.querySelectorAll('article')).toHaveLength(5);
  });

  it('says how many a search keeps, and positions count within them', async () => {
    setup({ policies: many, filters: { q: 'Bulk Insurer 11' } });
    const region = await screen.findByRole('region', { name: 'Policies' });
    // 11 and 110 to 119.
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(11));
    expect(within(region).getByRole('status')).toHaveTextContent('Policies shown: 11 of 120');
    const last = within(region).getByRole('article', { name: 'Bulk Insurer 119' }).closest('li');
    expect(last).toHaveAttribute('aria-posinset', '11');
    expect(last).toHaveAttribute('aria-setsize', '11');
  });
});

describe('PolicyDashboard kept for the next cold open', { timeout: 30_000 }, () => {
  const owner = '0b6e1c2a-1f2e-4d3c-8b4a-5e6f7a8b9c0d';

  /** Cache Storage as the page sees it: the kept dashboard's text by key. */
  function fakeCaches() {
    const kept = new Map<string, string>();
    vi.stubGlobal('caches', {
      open: async () => ({
        put: async (key: string, response: Response) => void kept.set(key, await response.text()),
        delete: async (key: string) => kept.delete(key),
      }),
    });
    return kept;
  }

  beforeEach(() => {
    // The build's entry script: a snapshot names the build it belongs to.
    setBuildEntry('http://localhost/assets/index-Test01.js');
    return () => vi.unstubAllGlobals();
  });

  it('keeps the whole list once it is still, drops it when a search narrows it and when left', async () => {
    const kept = fakeCaches();
    const user = userEvent.setup();
    const { container, unmount } = renderWithRouter(
      <FilteredDashboard policies={[star, hdfc]} keptFor={owner} />,
    );
    container.id = 'root';
    await screen.findByRole('article', { name: 'HDFC Ergo' });
    await waitFor(() => expect(kept.size).toBe(1), { timeout: 5000 });
    const snapshot = JSON.parse([...kept.values()][0] ?? '{}') as Record<string, string>;
    // The day and language the cards were drawn in, and whose list it is.
    expect(snapshot).toMatchObject({
      day: today,
      lang: 'en-IN',
      user: owner,
      build: '/assets/index-Test01.js',
    });
    expect(snapshot.html).toContain('Star Health');
    expect(snapshot.html).toContain('HDFC Ergo');

    await user.type(screen.getByRole('searchbox', { name: 'Search policies' }), 'star');
    await waitFor(() => expect(kept.size).toBe(0), { timeout: 5000 });
    await user.clear(screen.getByRole('searchbox', { name: 'Search policies' }));
    await waitFor(() => expect(kept.size).toBe(1), { timeout: 5000 });

    unmount();
    await waitFor(() => expect(kept.size).toBe(0));
  });

  it('keeps nothing while the store holds no policy, or for nobody signed in', async () => {
    const kept = fakeCaches();
    kept.set('/dashboard-snapshot.json', 'an earlier one');
    const empty = setup({ policies: [], keptFor: owner });
    empty.container.id = 'root';
    await screen.findByRole('heading', { name: 'No policies yet' });
    await waitFor(() => expect(kept.size).toBe(0), { timeout: 5000 });
    empty.unmount();

    const anonymous = setup({ policies: [star] });
    anonymous.container.id = 'root';
    await screen.findByRole('article', { name: 'Star Health' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(kept.size).toBe(0);
  });

  it('replacing the painted one, renders every card at once instead of the first screen', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      policyView({ insurer_name: `Kept Insurer ${i + 1}`, policy_number: `KEPT-${i + 1}` }),
    );
    /** How many cards the list's first commit put in the page (before any later batch). */
    const firstCommit = () =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const items = document.querySelectorAll('[role="listitem"]').length;
          if (items === 0) return;
          observer.disconnect();
          resolve(items);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    // The first screen alone…
    const plainCommit = firstCommit();
    const plain = setup({ policies: many });
    expect(await plainCommit).toBe(24);
    plain.unmount();

    // …or, where the service worker painted the kept dashboard, every card it showed.
    const painted = document.createElement('div');
    painted.setAttribute('data-dashboard-snapshot', owner);
    document.body.append(painted);
    try {
      const paintedCommit = firstCommit();
      setup({ policies: many });
      expect(await paintedCommit).toBe(60);
    } finally {
      painted.remove();
    }
  });
});
