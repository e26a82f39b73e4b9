import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  renderWithRouter,
  screen,
  userEvent,
  waitFor,
  within,
} from '../../../../tests/helpers/render';
import { listInvitations } from '../api/list-invitations';
import { SharingPanel } from './sharing-panel';

vi.mock('../api/list-invitations', () => ({ listInvitations: vi.fn() }));
vi.mock('../api/create-invitation', () => ({ createInvitation: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const USER = '77777777-7777-4777-8777-777777777777';

afterEach(() => vi.resetAllMocks());

// The dialog's code loads when it first opens (src/lib/lazy-dialog); loaded here first, so the
// waits below are for the app and not for the test runner's first transform of that code.
beforeAll(async () => {
  await import('./invite-dialog');
});

describe('SharingPanel', () => {
  it('links to the invitations with the number waiting', async () => {
    vi.mocked(listInvitations).mockResolvedValue({
      ok: true,
      data: { sent: [], received: [{} as never, {} as never] },
    });
    const { router } = renderWithRouter(<SharingPanel userId={USER} />);
    const link = await screen.findByRole('link', { name: 'Invitations, 2 waiting' });
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker/invitations'));
  });

  it('offline, the link is still there without a number', async () => {
    vi.mocked(listInvitations).mockResolvedValue({
      ok: false,
      error: { code: 'offline', message: 'Offline' },
    });
    renderWithRouter(<SharingPanel userId={USER} />);
    await waitFor(() => expect(listInvitations).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Invitations' })).toBeInTheDocument();
  });

  it('"Share all my policies" invites to every policy, later ones included', async () => {
    vi.mocked(listInvitations).mockResolvedValue({ ok: true, data: { sent: [], received: [] } });
    renderWithRouter(<SharingPanel userId={USER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share all my policies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share all my policies' });
    expect(dialog).toHaveTextContent('All my policies, including ones added later');
    expect(within(dialog).queryByRole('radio', { name: 'This policy' })).toBeNull();
  });
});
