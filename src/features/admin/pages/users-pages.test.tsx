import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { renderWithRouter } from '../test-router';
import { UserPoliciesPage } from './user-policies-page';
import { UsersPage } from './users-page';

const api = vi.hoisted(() => ({
  searchUsers: vi.fn(),
  fetchUser: vi.fn(),
  fetchUserPolicies: vi.fn(),
  deleteUserPolicy: vi.fn(),
  toast: vi.fn(),
}));
vi.mock('../api/search-users', () => ({ searchUsers: api.searchUsers }));
vi.mock('../api/fetch-user', () => ({ fetchUser: api.fetchUser }));
vi.mock('../api/fetch-user-policies', () => ({ fetchUserPolicies: api.fetchUserPolicies }));
vi.mock('../api/delete-user-policy', () => ({ deleteUserPolicy: api.deleteUserPolicy }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const userId = '00000000-0000-4000-8000-0000000000aa';
const priya = {
  id: userId,
  email: 'priya@example.com',
  created_at: '2025-10-01T04:30:00+00:00',
  last_sign_in_at: null,
};

beforeEach(() => {
  vi.clearAllMocks();
});

function renderUsers(search = '', page = 1) {
  const onSearchChange = vi.fn();
  const onPageChange = vi.fn();
  renderWithRouter(
    <UsersPage
      search={search}
      page={page}
      onSearchChange={onSearchChange}
      onPageChange={onPageChange}
    />,
    '/admin/users',
  );
  return { onSearchChange, onPageChange };
}

describe('UsersPage', () => {
  it("shows 'Loading users...', then the users with 'Never' for no sign-in", async () => {
    let answer: (value: unknown) => void = () => {};
    api.searchUsers.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderUsers();
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    answer({ ok: true, data: { users: [priya], total: 1 } });
    const row = (await screen.findByText('priya@example.com')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Never')).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByRole('link', { name: 'View Policies of priya@example.com' }),
    ).toHaveAttribute('href', `/admin/users/${userId}/policies`);
    expect(api.searchUsers).toHaveBeenCalledWith({ search: '', limit: 25, offset: 0 });
  });

  it("says 'No users found.' and reports errors", async () => {
    api.searchUsers.mockResolvedValue({ ok: true, data: { users: [], total: 0 } });
    renderUsers('nobody');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();

    api.searchUsers.mockResolvedValue({ ok: false, error: { message: 'denied', code: '42501' } });
    renderUsers();
    await waitFor(() =>
      expect(api.toast).toHaveBeenCalledWith({
        title: 'Error fetching users',
        description: 'denied',
        variant: 'destructive',
      }),
    );
  });

  it('searches by email after a pause in typing and asks the right page', async () => {
    const user = userEvent.setup();
    api.searchUsers.mockResolvedValue({ ok: true, data: { users: [priya], total: 60 } });
    const { onSearchChange, onPageChange } = renderUsers('', 2);
    await waitFor(() =>
      expect(api.searchUsers).toHaveBeenCalledWith({ search: '', limit: 25, offset: 25 }),
    );
    await user.type(await screen.findByRole('searchbox', { name: 'Search by email' }), 'priya');
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith('priya'));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

describe('UserPoliciesPage', () => {
  it('lists the policies with the type or N/A, and the total', async () => {
    api.fetchUser.mockResolvedValue({ ok: true, data: priya });
    api.fetchUserPolicies.mockResolvedValue({
      ok: true,
      data: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          insurer_name: 'Star Health',
          policy_number: 'SH-1',
          next_renewal_date: '2026-03-15',
          policy_type: { name: 'Health' },
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          insurer_name: 'Tata AIG',
          policy_number: 'TR-1',
          next_renewal_date: '2026-04-01',
          policy_type: null,
        },
      ],
    });
    renderWithRouter(<UserPoliciesPage userId={userId} />);
    expect(
      await screen.findByRole('heading', { name: 'Policies for priya@example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Total policies: 2')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
  });

  it('confirms, deletes and reloads; cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const policy = {
      id: '00000000-0000-4000-8000-000000000001',
      insurer_name: 'Star Health',
      policy_number: 'SH-1',
      next_renewal_date: '2026-03-15',
      policy_type: { name: 'Health' },
    };
    api.fetchUser.mockResolvedValue({ ok: true, data: priya });
    api.fetchUserPolicies.mockResolvedValueOnce({ ok: true, data: [policy] });
    api.fetchUserPolicies.mockResolvedValue({ ok: true, data: [] });
    api.deleteUserPolicy.mockResolvedValue({ ok: true, data: null });
    renderWithRouter(<UserPoliciesPage userId={userId} />);

    await user.click(await screen.findByRole('button', { name: 'Delete policy SH-1' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete this policy for the user?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteUserPolicy).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete policy SH-1' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteUserPolicy).toHaveBeenCalledWith(policy.id));
    expect(await screen.findByText('This user has no policies.')).toBeInTheDocument();
    expect(screen.getByText('Total policies: 0')).toBeInTheDocument();
  });

  it("reports 'Error fetching user' and 'Error fetching user policies'", async () => {
    api.fetchUser.mockResolvedValue({ ok: false, error: { message: 'gone', code: 'PGRST116' } });
    api.fetchUserPolicies.mockResolvedValue({ ok: false, error: { message: 'nope', code: null } });
    renderWithRouter(<UserPoliciesPage userId={userId} />);
    await waitFor(() => {
      expect(api.toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error fetching user', description: 'gone' }),
      );
      expect(api.toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error fetching user policies', description: 'nope' }),
      );
    });
  });
});
