import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyShare } from '@/domain/schemas/share';
import { toast } from '@/lib/toast';
import { render, screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { changeShareRole } from '../api/change-share-role';
import { listPolicyAccess } from '../api/list-policy-access';
import { revokeShare } from '../api/revoke-share';
import { withdrawInvitation } from '../api/withdraw-invitation';
import { AccessList } from './access-list';
import { invitationFrom, PRIYA } from '../../../../tests/helpers/sharing-fixtures';

vi.mock('../api/list-policy-access', () => ({ listPolicyAccess: vi.fn() }));
vi.mock('../api/change-share-role', () => ({ changeShareRole: vi.fn() }));
vi.mock('../api/revoke-share', () => ({ revokeShare: vi.fn() }));
vi.mock('../api/withdraw-invitation', () => ({ withdrawInvitation: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const POLICY = '33333333-3333-4333-8333-333333333333';
const OWNER = PRIYA;

const share: PolicyShare = {
  id: '44444444-4444-4444-8444-444444444444',
  owner_id: OWNER,
  owner_name: 'Priya',
  owner_email: 'priya@example.com',
  recipient_id: '55555555-5555-4555-8555-555555555555',
  recipient_name: 'Ravi',
  recipient_email: 'ravi@example.com',
  policy_id: null,
  policy_label: null,
  role: 'viewer',
  reminders_enabled: false,
  created_at: '2026-11-20T10:00:00+00:00',
  updated_at: '2026-11-20T10:00:00+00:00',
};

const invitation = invitationFrom({
  email: 'asha@example.com',
  policy_id: POLICY,
  policy_label: 'Star Health · SH-1',
  role: 'editor',
});

afterEach(() => vi.resetAllMocks());

describe('AccessList', () => {
  it('lists people with their role and scope, and invitations with their expiry', async () => {
    vi.mocked(listPolicyAccess).mockResolvedValue({
      ok: true,
      data: { shares: [share], invitations: [invitation] },
    });
    render(<AccessList policyId={POLICY} />);
    expect(await screen.findByText('Ravi (ravi@example.com)')).toBeInTheDocument();
    expect(screen.getByText('All policies')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role for Ravi (ravi@example.com)' })).toHaveValue(
      'viewer',
    );
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText('Editor · This policy · Expires on 10 Dec 2026')).toBeInTheDocument();
    expect(listPolicyAccess).toHaveBeenCalledWith(POLICY);
  });

  it('changes a role and reads the list again', async () => {
    const user = userEvent.setup();
    vi.mocked(listPolicyAccess)
      .mockResolvedValueOnce({ ok: true, data: { shares: [share], invitations: [] } })
      .mockResolvedValue({
        ok: true,
        data: { shares: [{ ...share, role: 'editor' }], invitations: [] },
      });
    vi.mocked(changeShareRole).mockResolvedValue({ ok: true, data: { ...share, role: 'editor' } });
    render(<AccessList policyId={null} />);
    const role = await screen.findByRole('combobox', { name: /Role for Ravi/ });
    await user.selectOptions(role, 'editor');
    await waitFor(() => expect(role).toHaveValue('editor'));
    expect(changeShareRole).toHaveBeenCalledWith(share.id, 'editor');
    expect(toast).toHaveBeenCalledWith({ title: 'Ravi (ravi@example.com) is now Editor' });
  });

  it('revokes only after the confirmation, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    vi.mocked(listPolicyAccess)
      .mockResolvedValueOnce({ ok: true, data: { shares: [share], invitations: [] } })
      .mockResolvedValue({ ok: true, data: { shares: [], invitations: [] } });
    vi.mocked(revokeShare).mockResolvedValue({ ok: true, data: share });
    render(<AccessList policyId={POLICY} />);
    const revoke = await screen.findByRole('button', {
      name: 'Revoke access for Ravi (ravi@example.com)',
    });
    await user.click(revoke);
    let dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    expect(dialog).toHaveTextContent('will no longer see any of your policies');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revokeShare).not.toHaveBeenCalled();

    await user.click(revoke);
    dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Nobody else has access yet.')).toBeInTheDocument();
    expect(revokeShare).toHaveBeenCalledWith(share.id);
  });

  it('withdraws a waiting invitation', async () => {
    const user = userEvent.setup();
    vi.mocked(listPolicyAccess)
      .mockResolvedValueOnce({ ok: true, data: { shares: [], invitations: [invitation] } })
      .mockResolvedValue({ ok: true, data: { shares: [], invitations: [] } });
    vi.mocked(withdrawInvitation).mockResolvedValue({
      ok: true,
      data: { ...invitation, status: 'withdrawn' },
    });
    render(<AccessList policyId={POLICY} />);
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw the invitation to asha@example.com' }),
    );
    expect(await screen.findByText('No invitations are waiting.')).toBeInTheDocument();
    expect(withdrawInvitation).toHaveBeenCalledWith(invitation.id);
  });

  it('says offline, and tries again', async () => {
    const user = userEvent.setup();
    vi.mocked(listPolicyAccess)
      .mockResolvedValueOnce({ ok: false, error: { code: 'offline', message: 'Offline' } })
      .mockResolvedValue({ ok: true, data: { shares: [], invitations: [] } });
    render(<AccessList policyId={POLICY} />);
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nobody else has access yet.')).toBeInTheDocument();
  });
});
