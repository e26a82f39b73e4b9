import { useEffect, useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { countPoliciesUsingType } from '../api/count-policies-using-type';
import { deletePolicyType } from '../api/delete-policy-type';
import { fetchPolicyTypes } from '../api/fetch-policy-types';
import { AdminPage, StatusText } from '../components/admin-page';
import { PolicyTypeIcon } from '../components/policy-type-icon';
import { RowActions } from '../components/row-actions';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import { ActionsCell, ActionsHeader } from '../components/admin-table';

/** How many policies a type has, said before it is deleted (issue 9). */
function TypeUsage({ typeId }: { typeId: string }) {
  const [usage, setUsage] = useState<{ id: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    void countPoliciesUsingType(typeId).then((result) => {
      if (!live) return;
      let text: string;
      if (!result.ok)
        text = `Could not count the policies using this type: ${result.error.message}`;
      else if (result.data === 0) text = 'No policies use this type.';
      else {
        text = `${result.data} ${result.data === 1 ? 'policy uses' : 'policies use'} this type. ${
          result.data === 1 ? 'It will be kept' : 'They will be kept'
        }, with the type shown as 'N/A'.`;
      }
      setUsage({ id: typeId, text });
    });
    return () => {
      live = false;
    };
  }, [typeId]);
  return (
    <Text fz="sm" c="dimmed" aria-live="polite">
      {usage?.id === typeId ? usage.text : 'Counting the policies that use this type...'}
    </Text>
  );
}

export function PolicyTypesPage() {
  const { state, reload } = useAdminQuery(
    'policy-types',
    fetchPolicyTypes,
    'Error fetching policy types',
  );
  const { ask, dialog } = useDeleteDialog({
    title: 'Delete policy type',
    question: 'Are you sure? Deleting a type might affect existing policies.',
    details: (id) => <TypeUsage typeId={id} />,
    remove: deletePolicyType,
    success: { title: 'Policy type deleted' },
    errorTitle: 'Error deleting type',
    onDeleted: reload,
  });

  let body;
  if (state.status === 'loading') body = <StatusText>Loading...</StatusText>;
  else if (state.status === 'error') body = <StatusText>Could not load policy types.</StatusText>;
  else if (state.data.length === 0) body = <StatusText>No policy types yet.</StatusText>;
  else {
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Icon Name</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <PolicyTypeIcon name={t.icon} size={20} />
                    <Text fw={500}>{t.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {t.icon ? <code>{t.icon}</code> : <Text c="dimmed">Default</Text>}
                </Table.Td>
                <ActionsCell>
                  <RowActions
                    editTo="/admin/policy-types/edit/$id"
                    id={t.id}
                    label={t.name}
                    onDelete={() => ask(t.id)}
                  />
                </ActionsCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <AdminPage
      title="Policy Types"
      subtitle="Types every user can choose for a policy, by name."
      actions={
        <Button
          component={Link}
          to="/admin/policy-types/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create Policy Type
        </Button>
      }
    >
      {body}
      {dialog}
    </AdminPage>
  );
}
