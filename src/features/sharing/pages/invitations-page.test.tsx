import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareInvitation } from '@/domain/schemas/share';
import { TrackerProvider } from '@/features/tracker';
import {
  renderWithRouter,
  screen,
  userEvent,
  waitFor,
  within,
} from '../../../../tests/helpers/render';
import { testTrackerSessions } from '../../../../tests/helpers/tracker-sessions';
import { acceptInvitation } from '../api/accept-invitation';
import { declineInvitation } from '../api/decline-invitation';
import { listInvitations } from '../api/list-invitations';
import { listPolicyAccess } from '../api/list-policy-access';
import { viewInvitation } from '../api/view-invitation';
import { forgetInvitationToken, keepInvitationToken } from '../pending-invitation';
import { InvitationsPage } from './invitations-page';
import { invitationFrom } from '../../../../tests/helpers/sharing-fixtures';

vi.mock('../api/accept-invitation', () => ({ acceptInvitation: vi.fn() }));
vi.mock('../api/decline-invitation', () => ({ declineInvitation: vi.fn() }));
vi.mock('../api/list-invitations', () => ({ listInvitations: vi.fn() }));
vi.mock('../api/list-policy-access', () => ({ listPolicyAccess: vi.fn() }));
vi.mock('../api/withdraw-invitation', () => ({ withdrawInvitation: vi.fn() }));
vi.mock('../api/view-invitation', () => ({ viewInvitation: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const USER = '77777777-7777-4777-8777-777777777777';
const TOKEN = 'c'.repeat(64);
const OTHER = '88888888-8888-4888-8888-888888888888';

const waiting = invitationFrom();

afterEach(() => {
  vi.resetAllMocks();
  forgetInvitationToken();
});

function show(received: ShareInvitation[] = [waiting]) {
  vi.mocked(listInvitations).mockResolvedValue({ ok: true, data: { sent: [], received } });
  vi.mocked(listPolicyAccess).mockResolvedValue({
    ok: true,
    data: { shares: [], invitations: [] },
  });
  const { sessions, flush } = testTrackerSessions();
  const view = renderWithRouter(
    <TrackerProvider userId={USER} sessions={sessions}>
      <InvitationsPage />
    </TrackerProvider>,
    '/policy-tracker/invitations',
  );
  return { ...view, flush };
}

describe('InvitationsPage', () => {
  it("shows the link's invitation (who, what, as what) and accepting it syncs and opens the dashboard", async () => {
    const user = userEvent.setup();
    keepInvitationToken(TOKEN, null);
    vi.mocked(viewInvitation).mockResolvedValue({ ok: true, data: waiting });
    vi.mocked(acceptInvitation).mockResolvedValue({ ok: true, data: {} as never });
    // Another invitation waits too: the link's own is still the one shown.
    const { router, flush } = show([{ ...waiting, id: OTHER, owner_name: 'Kabir' }, waiting]);
    const link = await screen.findByRole('region', { name: 'Invitation from your link' });
    await within(link).findByText('Priya (priya@example.com) invites you');
    expect(link).toHaveTextContent('All my policies, including ones added later');
    expect(link).toHaveTextContent('Viewer: can see everything, including documents');
    expect(link).toHaveTextContent('Expires on 10 Dec 2026');
    expect(viewInvitation).toHaveBeenCalledWith(TOKEN);
    const received = await screen.findByRole('region', { name: 'Invitations to you' });
    expect(received).toHaveTextContent('Kabir');
    expect(received).not.toHaveTextContent('Priya');
    await user.click(within(link).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker'));
    expect(acceptInvitation).toHaveBeenCalledWith({ token: TOKEN });
    expect(flush).toHaveBeenCalled();
  });

  it('says at once why a link can no longer be answered, and offers no answer', async () => {
    keepInvitationToken(TOKEN, null);
    vi.mocked(viewInvitation).mockResolvedValue({
      ok: false,
      error: { code: 'SH005', message: 'This invitation was withdrawn by its sender' },
    });
    show([]);
    const link = await screen.findByRole('region', { name: 'Invitation from your link' });
    expect(await within(link).findByText(/withdrawn/)).toBeInTheDocument();
    expect(within(link).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(acceptInvitation).not.toHaveBeenCalled();
  });

  it("says the server's sentence for an expired link and stays, changing nothing", async () => {
    const user = userEvent.setup();
    keepInvitationToken(TOKEN, null);
    // Expired between opening the link and answering it.
    vi.mocked(viewInvitation).mockResolvedValue({ ok: true, data: waiting });
    vi.mocked(acceptInvitation).mockResolvedValue({
      ok: false,
      error: { code: 'SH004', message: 'This invitation has expired; ask for a new one' },
    });
    const { router, flush } = show([]);
    const link = await screen.findByRole('region', { name: 'Invitation from your link' });
    // The region shows at once; its answer buttons once the invitation has been read.
    await user.click(await within(link).findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has expired; ask for a new one',
    );
    expect(router.state.location.pathname).toBe('/policy-tracker/invitations');
    expect(flush).not.toHaveBeenCalled();
  });

  it('without a link lists the invitations waiting and declines one by its id', async () => {
    const user = userEvent.setup();
    vi.mocked(declineInvitation).mockResolvedValue({
      ok: true,
      data: { ...waiting, status: 'declined' },
    });
    show();
    expect(screen.queryByRole('region', { name: 'Invitation from your link' })).toBeNull();
    const received = await screen.findByRole('region', { name: 'Invitations to you' });
    vi.mocked(listInvitations).mockResolvedValue({ ok: true, data: { sent: [], received: [] } });
    await user.click(
      within(received).getByRole('button', {
        name: 'Decline the invitation from Priya (priya@example.com)',
      }),
    );
    expect(
      await within(received).findByText('No invitations are waiting for you.'),
    ).toBeInTheDocument();
    expect(declineInvitation).toHaveBeenCalledWith({ invitationId: waiting.id });
  });
});
