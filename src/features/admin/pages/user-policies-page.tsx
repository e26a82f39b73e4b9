import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCalendarDate } from '@/domain/admin';
import { deleteUserPolicy } from '../api/delete-user-policy';
import { fetchUser } from '../api/fetch-user';
import { fetchUserPolicies } from '../api/fetch-user-policies';
import { AdminPage, StatusText } from '../components/admin-page';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import { IconTrash } from '@tabler/icons-react';
import { DataTable, type Column } from '../components/admin-table';
import type { UserPolicy } from '../api/schemas';

const columns: readonly Column<UserPolicy>[] = [
  { header: 'Insurer', cell: (p) => p.insurer_name },
  { header: 'Policy #', cell: (p) => p.policy_number },
  { header: 'Type', cell: (p) => p.policy_type?.name ?? 'N/A' },
  {
    header: 'Next Renewal',
    cell: (p) => (
      <time dateTime={p.next_renewal_date}>{formatCalendarDate(p.next_renewal_date)}</time>
    ),
  },
];

export function UserPoliciesPage({ userId }: { userId: string }) {
  const user = useAdminQuery(`user:${userId}`, () => fetchUser(userId), 'Error fetching user');
  const policies = useAdminQuery(
    `user-policies:${userId}`,
    () => fetchUserPolicies(userId),
    'Error fetching user policies',
  );
  const { ask, dialog } = useDeleteDialog({
    title: 'Delete policy',
    question: 'Are you sure you want to delete this policy for the user?',
    remove: deleteUserPolicy,
    success: { title: 'Policy deleted successfully' },
    errorTitle: 'Error deleting policy',
    onDeleted: policies.reload,
  });

  const email = user.state.status === 'ready' ? user.state.data.email : null;
  const back = (
    <Anchor component={Link} to="/admin/users">
      ← Back to Users
    </Anchor>
  );

  let body;
  if (user.state.status === 'loading' || policies.state.status === 'loading') {
    body = <StatusText>Loading...</StatusText>;
  } else if (user.state.status === 'error') {
    body = <StatusText>This user could not be loaded.</StatusText>;
  } else if (policies.state.status === 'error') {
    body = <StatusText>This user’s policies could not be loaded.</StatusText>;
  } else {
    const rows = policies.state.data;
    body = (
      <Stack gap="md">
        <Text fw={500}>Total policies: {rows.length}</Text>
        {rows.length === 0 ? (
          <StatusText>This user has no policies.</StatusText>
        ) : (
          <DataTable
            rows={rows}
            columns={columns}
            minWidth={640}
            actions={(p) => (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Delete policy ${p.policy_number}`}
                onClick={() => ask(p.id)}
              >
                Delete
              </Button>
            )}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {back}
      <AdminPage title={email ? `Policies for ${email}` : 'Policies for user'}>
        {body}
        {dialog}
      </AdminPage>
    </Stack>
  );
}
