import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCalendarDate } from '@/domain/admin';
import { deleteUserPolicy } from '../api/delete-user-policy';
import { fetchUser } from '../api/fetch-user';
import { fetchUserPolicies } from '../api/fetch-user-policies';
import { AdminPage, StatusText } from '../components/admin-page';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ActionsCell, ActionsHeader } from '../components/admin-table';

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
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Insurer</Table.Th>
                  <Table.Th>Policy #</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Next Renewal</Table.Th>
                  <ActionsHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.insurer_name}</Table.Td>
                    <Table.Td>{p.policy_number}</Table.Td>
                    <Table.Td>{p.policy_type?.name ?? 'N/A'}</Table.Td>
                    <Table.Td>
                      <time dateTime={p.next_renewal_date}>
                        {formatCalendarDate(p.next_renewal_date)}
                      </time>
                    </Table.Td>
                    <ActionsCell>
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
                    </ActionsCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
