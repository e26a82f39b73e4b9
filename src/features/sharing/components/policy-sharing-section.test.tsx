import 'fake-indexeddb/auto';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { TrackerProvider } from '@/features/tracker';
import { render, screen, userEvent, within } from '../../../../tests/helpers/render';
import { storeHealthType } from '../../../../tests/helpers/tracker-fixtures';
import { testTrackerSessions } from '../../../../tests/helpers/tracker-sessions';
import { listPolicyAccess } from '../api/list-policy-access';
import { PolicySharingSection } from './policy-sharing-section';

vi.mock('../api/list-policy-access', () => ({ listPolicyAccess: vi.fn() }));
vi.mock('../api/create-invitation', () => ({ createInvitation: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

async function policyOf(ownerIsUser: boolean) {
  const userId = crypto.randomUUID();
  const { sessions } = testTrackerSessions();
  const { db, repo } = sessions.acquire(userId);
  await storeHealthType(db, HEALTH, { at: new Date().toISOString(), serverSeq: 1 });
  const policyId = await repo.savePolicy({
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    product_name: null,
    start_date: '2025-11-24',
    next_renewal_date: '2026-11-24',
    renewal_frequency: 'yearly',
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    members: [],
  });
  // A policy shared with the user is stored with its owner's id.
  if (!ownerIsUser) await db.policies.update(policyId, { user_id: crypto.randomUUID() });
  vi.mocked(listPolicyAccess).mockResolvedValue({
    ok: true,
    data: { shares: [], invitations: [] },
  });
  render(
    <TrackerProvider userId={userId} sessions={sessions}>
      <h1>Policy</h1>
      <PolicySharingSection policyId={policyId} userId={userId} />
    </TrackerProvider>,
  );
  return policyId;
}

// The dialog's code loads when it first opens (src/lib/lazy-dialog); loaded here first, so the
// waits below are for the app and not for the test runner's first transform of that code.
beforeAll(async () => {
  await import('./invite-dialog');
});

describe('PolicySharingSection', () => {
  it('shows its owner who has access, and opens the invite dialog for this policy', async () => {
    const policyId = await policyOf(true);
    const section = await screen.findByRole('region', { name: 'Who has access' });
    expect(await within(section).findByText('Nobody else has access yet.')).toBeInTheDocument();
    expect(listPolicyAccess).toHaveBeenCalledWith(policyId);
    await userEvent.click(within(section).getByRole('button', { name: 'Share with family' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this policy' });
    expect(dialog).toHaveTextContent('Policy: Star Health · SH-1');
    expect(within(dialog).getByRole('radio', { name: 'This policy' })).toBeChecked();
  });

  it('is not there on a policy someone else shared with the user', async () => {
    await policyOf(false);
    await screen.findByRole('heading', { name: 'Policy' });
    // Give the store's read its turn before looking for what must not appear.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Who has access' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share with family' })).toBeNull();
    expect(listPolicyAccess).not.toHaveBeenCalled();
  });
});
