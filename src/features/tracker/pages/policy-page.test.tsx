import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { META_LAST_PULLED_AT, TrackerDb } from '@/db/tracker-db';
import { addDays, localToday, nextRenewalAfter } from '@/domain/policy';
import { toast } from '@/lib/toast';
import {
  createSyncStatusStore,
  createTrackerRepo,
  startFileTransfers,
  type SyncStatus,
} from '@/sync';
import { createTrackerSessions, type TrackerSessions } from '../session';
import { renderWithRouter } from '../test-utils';
import { TrackerProvider } from '../tracker-context';
import { PolicyPage } from './policy-page';
import { setShareReminders } from '../sharing/set-share-reminders';
import { storeHealthType, storeSharedPolicy } from '../../../../tests/helpers/tracker-fixtures';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
vi.mock('../sharing/set-share-reminders', () => ({ setShareReminders: vi.fn() }));

// The machines running these are shared and slow at times: give async queries room.
configure({ asyncUtilTimeout: 5000 });
const showToast = vi.mocked(toast);

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/** A real per-user Dexie store and repo; sync replaced by a status store the test drives. */
function harness(status: Partial<SyncStatus> = {}) {
  const userId = crypto.randomUUID();
  const statusStore = createSyncStatusStore({
    online: true,
    pending: 0,
    failed: 0,
    syncing: false,
    ...status,
  });
  const sessions: TrackerSessions = createTrackerSessions({
    openDb: (id) => new TrackerDb(id),
    createRepo: (db, id) =>
      createTrackerRepo(db, id, { requestPersistentStorage: async () => false }),
    startSync: () => ({ flush: vi.fn(async () => undefined), stop: vi.fn(), status: statusStore }),
    // No network in these tests: document transfers never start.
    startFiles: (id, db, repo) =>
      startFileTransfers({
        userId: id,
        db,
        repo,
        getClient: () => Promise.reject(new Error('offline')),
        compress: () => Promise.reject(new Error('no compressor in these tests')),
        autoStart: false,
      }),
    fallbackConfirm: () => true,
  });
  const session = sessions.acquire(userId);
  return { userId, sessions, session, statusStore };
}

async function seed(db: TrackerDb, { pulled = true } = {}) {
  const at = new Date().toISOString();
  await storeHealthType(db, HEALTH, { at, serverSeq: 1 });
  if (pulled) await db.meta.put({ key: META_LAST_PULLED_AT, value: at });
}

type Harness = ReturnType<typeof harness>;

function show({ sessions, userId }: Harness, policyId: string) {
  const view = renderWithRouter(
    <TrackerProvider userId={userId} sessions={sessions}>
      <PolicyPage
        policyId={policyId}
        documents={<section aria-label="Documents slot" />}
        payments={<section aria-label="Payments slot" />}
      />
    </TrackerProvider>,
    `/policy-tracker/${policyId}`,
  );
  return { ...view, user: userEvent.setup() };
}

const due = addDays(localToday(), 10);

async function addStarHealth(h: Harness, contacts: Record<string, string> = {}) {
  return h.session.repo.savePolicy({
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    product_name: 'Family Optima',
    start_date: addDays(due, -365),
    next_renewal_date: due,
    renewal_frequency: '6-monthly',
    sum_insured: 500000,
    premium_amount: 18500,
    additional_details: 'Room rent: single AC room\nNo co-pay',
    members: [
      { name: 'Asha', relationship: 'Self' },
      { name: 'Ravi', relationship: 'Husband' },
    ],
    ...contacts,
  });
}

/** The value shown for a label in a facts list. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

beforeEach(() => showToast.mockReset());

// The dialog's code loads when it first opens (src/lib/lazy-dialog); loaded here first, so the
// waits below are for the app and not for the test runner's first transform of that code.
beforeAll(async () => {
  await import('../payments/renew-dialog');
});

// Real IndexedDB (fake-indexeddb) and user-event make these slower than unit tests.
describe('policy page', { timeout: 20_000 }, () => {
  it('shows every field, the status, members, and the contacts with tap-to-call links', async () => {
    const h = harness();
    await seed(h.session.db);
    const id = await addStarHealth(h, {
      claim_helpline: '1800-425-2255',
      tpa_name: 'Medi Assist',
      tpa_helpline: '1800 425 9449',
      agent_name: 'Sunita Rao',
      agent_phone: '+91 98765 43210',
      nominee_name: 'Ravi Kumar',
    });
    show(h, id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Star Health' })).toBeVisible();
    expect(screen.getByText('Health')).toBeInTheDocument();
    expect(screen.getByText('Due Soon')).toBeInTheDocument();
    expect(screen.getByText('10 days left')).toBeInTheDocument();
    expect(screen.getByText('Pending sync')).toBeInTheDocument();

    expect(fact('Policy number')).toHaveTextContent('SH-1');
    expect(fact('Product/Plan name')).toHaveTextContent('Family Optima');
    expect(fact('Renewal frequency')).toHaveTextContent('Every 6 months');
    expect(fact('Sum insured / Coverage')).toHaveTextContent('₹5,00,000');
    expect(fact('Premium amount')).toHaveTextContent('₹18,500');
    expect(
      within(fact('Covered members'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Asha (Self)', 'Ravi (Husband)']);
    expect(fact('Additional details')).toHaveTextContent('Room rent: single AC room No co-pay');

    const calls = screen.getAllByRole('link', { name: /^Call / });
    expect(calls.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ["Call Insurer's claim helpline: 1800-425-2255", 'tel:18004252255'],
      ['Call Medi Assist (TPA): 1800 425 9449', 'tel:18004259449'],
      ['Call Sunita Rao (Agent or advisor): +91 98765 43210', 'tel:+919876543210'],
    ]);
    expect(fact('Nominee')).toHaveTextContent('Ravi Kumar');

    // The places the route fills in later, after the details.
    const contacts = screen.getByRole('region', { name: 'Contacts and nominee' });
    const documents = screen.getByRole('region', { name: 'Documents slot' });
    expect(contacts.compareDocumentPosition(documents) & 4).toBe(4);
    expect(screen.getByRole('region', { name: 'Payments slot' })).toBeInTheDocument();
  });

  it('says what is not filled in, and offers to add contacts', async () => {
    const h = harness();
    await seed(h.session.db);
    const id = await h.session.repo.savePolicy({
      policy_type_id: HEALTH,
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-1',
      start_date: '2025-01-01',
      next_renewal_date: '2030-01-01',
      members: [],
    });
    show(h, id);
    await screen.findByRole('heading', { level: 1, name: 'Niva Bupa' });
    expect(fact('Premium amount')).toHaveTextContent('Not added');
    expect(fact('Covered members')).toHaveTextContent('None added');
    expect(screen.queryAllByRole('link', { name: /^Call / })).toEqual([]);
    expect(screen.getByRole('link', { name: 'Add contacts' })).toHaveAttribute(
      'href',
      `/policy-tracker/edit/${id}`,
    );
  });

  it('marks the policy renewed after confirmation', async () => {
    const h = harness();
    await seed(h.session.db);
    const id = await addStarHealth(h);
    const { user } = show(h, id);
    await user.click(await screen.findByRole('button', { name: 'Mark Renewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Renewed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Renewal' }));
    await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument());
    expect(showToast).toHaveBeenCalledWith({
      title: 'Policy renewed successfully!',
      action: expect.objectContaining({ label: 'Undo' }),
    });
    expect((await h.session.db.policies.get(id))?.next_renewal_date).toBe(
      nextRenewalAfter({
        start_date: addDays(due, -365),
        next_renewal_date: due,
        renewal_frequency: '6-monthly',
      }),
    );
  });

  it('has Edit, and the card menu without a second Edit; Delete goes back to the dashboard', async () => {
    const h = harness();
    await seed(h.session.db);
    const id = await addStarHealth(h);
    const { user, router } = show(h, id);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/policy-tracker/edit/${id}`,
    );
    await user.click(screen.getByRole('button', { name: 'More actions for Star Health SH-1' }));
    const menu = screen.getByRole('menu', { name: 'More actions for Star Health SH-1' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Add to calendar', 'Share', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker'));
    expect(showToast).toHaveBeenCalledWith({ title: 'Policy deleted successfully' });
    expect(screen.queryByText('Policy not found')).not.toBeInTheDocument();
    expect((await h.session.db.policies.get(id))?.deleted_at).not.toBeNull();
  });

  it('turns into "Policy not found" when the policy is deleted elsewhere while open', async () => {
    const h = harness();
    await seed(h.session.db);
    const id = await addStarHealth(h);
    const { user } = show(h, id);
    await user.click(await screen.findByRole('button', { name: 'Mark Renewed' }));
    await screen.findByRole('dialog', { name: 'Mark as Renewed?' });

    // Another tab (or a pull of another device's delete) removes it from the store.
    await h.session.repo.deletePolicy(id);
    expect(await screen.findByRole('heading', { name: 'Policy not found' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Policy Dashboard' })).toHaveAttribute(
      'href',
      '/policy-tracker',
    );
  });

  it('says "Policy not found" for an id that is not stored, or not an id at all', async () => {
    const h = harness();
    await seed(h.session.db);
    const first = show(h, crypto.randomUUID());
    expect(await screen.findByRole('heading', { name: 'Policy not found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This policy is not on this device. It may have been deleted, here or on another device.',
      ),
    ).toBeInTheDocument();
    first.unmount();
    show(h, 'not-a-policy');
    expect(await screen.findByRole('heading', { name: 'Policy not found' })).toBeInTheDocument();
  });

  it('waits for the first download of a new device before calling a policy missing', async () => {
    const h = harness();
    await seed(h.session.db, { pulled: false });
    show(h, crypto.randomUUID());
    expect(await screen.findByText('Loading policy...')).toBeInTheDocument();
    expect(screen.queryByText('Policy not found')).not.toBeInTheDocument();
    // Offline there is nothing to wait for.
    h.statusStore.update({ online: false });
    expect(await screen.findByRole('heading', { name: 'Policy not found' })).toBeInTheDocument();
  });

  describe('a policy shared with the user (issue 18)', () => {
    const OWNER = '22222222-2222-4222-8222-222222222222';

    /** Priya's policy as a pull stores it, shared with the user in `role`. */
    const storeShared = (h: Harness, role: 'viewer' | 'editor') =>
      storeSharedPolicy(h.session.db, {
        ownerId: OWNER,
        recipientId: h.userId,
        role,
        policyTypeId: HEALTH,
        fields: { start_date: addDays(due, -365), next_renewal_date: due, premium_amount: 18500 },
      });

    it('shows a viewer whose it is and the reminder switch, and offers no change', async () => {
      const h = harness();
      await seed(h.session.db);
      const id = await storeShared(h, 'viewer');
      const { user } = show(h, id);
      expect(await screen.findByRole('heading', { name: 'Niva Bupa' })).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { name: 'Shared with you by Priya · viewer' }),
      ).toBeVisible();
      const remind = screen.getByRole('switch', { name: /^Remind me about these policies/ });
      expect(remind).not.toBeChecked();
      expect(screen.queryByRole('button', { name: 'Mark Renewed' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Add contacts' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'More actions for Niva Bupa NB-9' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
      expect(within(menu).getByRole('menuitem', { name: 'Add to calendar' })).toBeVisible();
    });

    it('turns reminders on for the share with set_share_reminders, and says so at once', async () => {
      const h = harness();
      await seed(h.session.db);
      const id = await storeShared(h, 'viewer');
      const [share] = await h.session.db.shares.toArray();
      if (!share) throw new Error('no share');
      vi.mocked(setShareReminders).mockResolvedValue({
        ok: true,
        data: { ...share, reminders_enabled: true },
      });
      const { user } = show(h, id);
      const remind = await screen.findByRole('switch', {
        name: /^Remind me about these policies/,
      });
      await user.click(remind);
      await waitFor(() => expect(remind).toBeChecked());
      expect(setShareReminders).toHaveBeenCalledWith(share.id, true);
      expect((await h.session.db.shares.get(share.id))?.reminders_enabled).toBe(true);
    });

    it('lets an editor renew and edit, but not delete', async () => {
      const h = harness();
      await seed(h.session.db);
      const id = await storeShared(h, 'editor');
      const { user } = show(h, id);
      expect(
        await screen.findByRole('heading', { name: 'Shared with you by Priya · editor' }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Mark Renewed' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Edit' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'More actions for Niva Bupa NB-9' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    });
  });
});
