import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import type { TrackerDb } from '@/db/tracker-db';
import { META_LAST_PULLED_AT } from '@/db/tracker-db';
import { localToday, addDays } from '@/domain/policy';
import { toast } from '@/lib/toast';
import { recordMemberNote, type SyncStatus } from '@/sync';
import { renderWithRouter, testTrackerSessions } from '../test-utils';
import { TrackerProvider } from '../tracker-context';
import { DashboardPage } from './dashboard-page';
import { PolicyFormPage } from './policy-form-page';
import { storeHealthType, storeSharedPolicy } from '../../../../tests/helpers/tracker-fixtures';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

// The machines running these are shared and slow at times: give async queries room.
configure({ asyncUtilTimeout: 5000 });
const showToast = vi.mocked(toast);

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/** A real per-user Dexie store and repo; sync replaced by a status store the test drives. */
function harness(status: Partial<SyncStatus> = {}) {
  const userId = crypto.randomUUID();
  const { sessions, statusStore, flush } = testTrackerSessions({ status });
  const session = sessions.acquire(userId);
  return { userId, sessions, session, statusStore, flush };
}

async function seed(db: TrackerDb, { pulled = true } = {}) {
  const at = new Date().toISOString();
  await storeHealthType(db, HEALTH, { at, serverSeq: 1 });
  if (pulled) await db.meta.put({ key: META_LAST_PULLED_AT, value: at });
}

beforeEach(() => showToast.mockReset());

// The dialog's code loads when it first opens (src/lib/lazy-dialog); loaded here first, so the
// waits below are for the app and not for the test runner's first transform of that code.
beforeAll(async () => {
  await import('../payments/renew-dialog');
});

// Real IndexedDB (fake-indexeddb) and user-event typing make these slower than unit tests.
describe('dashboard against the local store', { timeout: 20_000 }, () => {
  it('shows a saved policy at once, renews it and deletes it', async () => {
    const { session, sessions, userId, statusStore } = harness();
    await seed(session.db);
    const user = userEvent.setup();
    renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <DashboardPage filters={{}} onFiltersChange={() => {}} />
      </TrackerProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'No policies yet' })).toBeInTheDocument();
    expect(screen.getByText('All changes synced')).toBeInTheDocument();

    const due = addDays(localToday(), 10);
    await session.repo.savePolicy({
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-1',
      start_date: addDays(due, -365),
      next_renewal_date: due,
      renewal_frequency: 'monthly',
      members: [{ name: 'Asha', relationship: 'Self' }],
    });
    const card = within(await screen.findByRole('article', { name: 'Star Health' }));
    expect(card.getByText('Due Soon')).toBeInTheDocument();
    expect(card.getByText('10 days left')).toBeInTheDocument();
    expect(card.getByText('Pending sync')).toBeInTheDocument();
    expect(card.getByText('Asha (Self)')).toBeInTheDocument();

    statusStore.update({ pending: 3 });
    expect(await screen.findByText('3 changes waiting')).toBeInTheDocument();
    statusStore.update({ online: false });
    expect(
      await screen.findByText('Offline — changes are saved on this device'),
    ).toBeInTheDocument();

    // Offline, the renewal waits on this device, and the toast says so.
    await user.click(card.getByRole('button', { name: /Mark Renewed/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() => expect(card.getByText('Active')).toBeInTheDocument());
    expect(showToast).toHaveBeenCalledWith({
      title: 'Saved on this device — it will sync when you are online',
      action: { label: 'Undo', onClick: expect.any(Function) },
    });
    statusStore.update({ online: true });

    await user.click(card.getByRole('button', { name: /More actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No policies yet' })).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith({ title: 'Policy deleted successfully' });
  });

  it('says it is loading, not empty, until the first download of a new device', async () => {
    const { session, sessions, userId, statusStore } = harness();
    await seed(session.db, { pulled: false });
    renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <DashboardPage filters={{}} onFiltersChange={() => {}} />
      </TrackerProvider>,
    );
    expect(await screen.findByText('Loading your policies...')).toBeInTheDocument();
    // Offline there is nothing to wait for: the empty state shows.
    statusStore.update({ online: false });
    expect(await screen.findByRole('heading', { name: 'No policies yet' })).toBeInTheDocument();
  });

  it('says which relationship a merged member kept until the user dismisses it', async () => {
    const { session, sessions, userId } = harness();
    await seed(session.db);
    await recordMemberNote(session.db, {
      person_id: crypto.randomUUID(),
      name: 'Ravi',
      elsewhere: 'Spouse',
      here: 'Mother',
    });
    const user = userEvent.setup();
    renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <DashboardPage filters={{}} onFiltersChange={() => {}} />
      </TrackerProvider>,
    );
    const text =
      'Ravi was added as Spouse on another device and as Mother on this one; Ravi is now Mother.';
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss the note about Ravi' }));
    await waitFor(() => expect(screen.queryByText(new RegExp(text))).not.toBeInTheDocument());
  });
});

describe('policy form against the local store', { timeout: 20_000 }, () => {
  it('adds a policy with members and returns to the dashboard', async () => {
    const { session, sessions, userId } = harness();
    await seed(session.db);
    const user = userEvent.setup();
    const { router } = renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <PolicyFormPage />
      </TrackerProvider>,
      '/policy-tracker/new',
    );
    expect(await screen.findByRole('heading', { name: 'Add a New Policy' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Policy Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Health', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: /Insurer Name/ }), 'Star Health');
    await user.type(screen.getByRole('textbox', { name: /Policy Number/ }), 'SH-9');
    await user.type(screen.getByRole('textbox', { name: /Start Date/ }), '01/04/2025');
    await user.type(screen.getByRole('textbox', { name: /Next Renewal Date/ }), '01/04/2026');
    await user.type(screen.getByLabelText('Member 1 name'), 'Asha');
    await user.type(screen.getByLabelText('Member 1 relationship'), 'Self');
    await user.click(screen.getByRole('button', { name: 'Add Policy' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker'));
    expect(showToast).toHaveBeenCalledWith({ title: 'Policy added successfully!' });
    const [policy] = await session.db.policies.toArray();
    expect(policy).toMatchObject({
      insurer_name: 'Star Health',
      policy_number: 'SH-9',
      start_date: '2025-04-01',
      next_renewal_date: '2026-04-01',
      renewal_frequency: 'yearly',
      sum_insured: null,
      premium_amount: null,
      additional_details: null,
    });
    expect((await session.db.people.toArray()).map((p) => p.name)).toEqual(['Asha']);
  });

  it('edits a stored policy', async () => {
    const { session, sessions, userId } = harness();
    await seed(session.db);
    const id = await session.repo.savePolicy({
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-1',
      start_date: '2025-01-01',
      next_renewal_date: '2026-01-01',
      premium_amount: 12000,
      members: [],
    });
    const user = userEvent.setup();
    const { router } = renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <PolicyFormPage policyId={id} />
      </TrackerProvider>,
      `/policy-tracker/edit/${id}`,
    );
    expect(await screen.findByRole('heading', { name: 'Edit Policy' })).toBeInTheDocument();
    const insurer = await screen.findByRole('textbox', { name: /Insurer Name/ });
    expect(insurer).toHaveValue('Star Health');
    await user.clear(insurer);
    await user.type(insurer, 'Niva Bupa');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker'));
    expect(showToast).toHaveBeenCalledWith({ title: 'Policy updated successfully!' });
    expect(await session.db.policies.get(id)).toMatchObject({
      insurer_name: 'Niva Bupa',
      premium_amount: 12000,
    });
  });

  it('lets an editor of a shared policy pick a standard type or the owner’s, never one of their own', async () => {
    const { session, sessions, userId } = harness();
    await seed(session.db);
    const { db } = session;
    const owner = crypto.randomUUID();
    const at = new Date().toISOString();
    const sync = { created_at: at, updated_at: at, deleted_at: null, server_seq: 3 };
    const ownersType = crypto.randomUUID();
    await db.policyTypes.put({
      id: ownersType,
      name: 'Pet',
      icon: 'PawPrint',
      user_id: owner,
      ...sync,
    });
    // The editor's own type: the server refuses it on the owner's policy (RLS), so it is not offered.
    await db.policyTypes.put({
      id: crypto.randomUUID(),
      name: 'Gadget',
      icon: null,
      user_id: userId,
      ...sync,
    });
    const id = await storeSharedPolicy(db, {
      ownerId: owner,
      recipientId: userId,
      role: 'editor',
      policyTypeId: ownersType,
    });
    const user = userEvent.setup();
    renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <PolicyFormPage policyId={id} />
      </TrackerProvider>,
      `/policy-tracker/edit/${id}`,
    );
    expect(await screen.findByRole('textbox', { name: /Insurer Name/ })).toHaveValue('Niva Bupa');
    await user.click(screen.getByRole('combobox', { name: /Policy Type/ }));
    const list = await screen.findByRole('listbox', { hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Health', 'Pet']);
    expect(screen.getByText('Priya’s types')).toBeInTheDocument();
    expect(screen.queryByText('Your types')).toBeNull();
  });

  it('sends an unknown id back to the dashboard with an error', async () => {
    const { session, sessions, userId } = harness();
    await seed(session.db);
    const { router } = renderWithRouter(
      <TrackerProvider userId={userId} sessions={sessions}>
        <PolicyFormPage policyId={crypto.randomUUID()} />
      </TrackerProvider>,
      '/policy-tracker/edit/x',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker'));
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error fetching policy data', variant: 'destructive' }),
    );
  });
});
