import { useMemo, useState } from 'react';
import { Anchor, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Callback } from '@/domain/schemas';
import {
  formatLocalDateTime,
  keepExisting,
  selectionState,
  toggleAll,
  toggleOne,
} from '@/domain/admin';
import { toast } from '@/lib/toast';
import { deleteCallbacks } from '../api/delete-callbacks';
import { fetchCallbacks } from '../api/fetch-callbacks';
import { AdminPage, StatusText } from '../components/admin-page';
import { ConfirmModal } from '../components/confirm-modal';
import { useAdminQuery } from '../hooks/use-admin-query';

/** tel: links accept digits and a leading +; spaces, brackets and hyphens are dropped. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function CallbacksPage() {
  const { state, reload } = useAdminQuery('callbacks', fetchCallbacks, 'Error fetching callbacks');
  const rows = useMemo<Callback[]>(() => (state.status === 'ready' ? state.data : []), [state]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // Rows that vanished on reload can never stay selected (and be deleted unseen).
  const selected = useMemo(() => keepExisting(picked, ids), [picked, ids]);
  const all = selectionState(selected, ids);

  const onDelete = async () => {
    setDeleting(true);
    const result = await deleteCallbacks([...selected]);
    setDeleting(false);
    setConfirming(false);
    if (!result.ok) {
      toast({
        title: 'Error deleting callbacks',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: `${result.data} callback(s) deleted.` });
    setPicked(new Set());
    reload();
  };

  let body;
  if (state.status === 'loading') body = <StatusText>Loading...</StatusText>;
  else if (state.status === 'error')
    body = <StatusText>Could not load callback requests.</StatusText>;
  else if (rows.length === 0) body = <StatusText>No callback requests yet.</StatusText>;
  else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all callbacks"
                  checked={all === 'all'}
                  indeterminate={all === 'some'}
                  onChange={() => setPicked(toggleAll(selected, ids))}
                />
              </Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th>Received</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                bg={selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select callback from ${row.name}`}
                    checked={selected.has(row.id)}
                    onChange={() => setPicked(toggleOne(selected, row.id))}
                  />
                </Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <Anchor href={telHref(row.phone)}>{row.phone}</Anchor>
                </Table.Td>
                <Table.Td>{row.city}</Table.Td>
                <Table.Td>{row.product}</Table.Td>
                <Table.Td>
                  <time dateTime={row.created_at}>{formatLocalDateTime(row.created_at)}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <AdminPage
      title="Callback Requests"
      subtitle="Visitors who asked an advisor to call them back, newest first."
      actions={
        <Button
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={selected.size === 0 || deleting}
          onClick={() => setConfirming(true)}
        >
          Delete selected
        </Button>
      }
    >
      {selected.size > 0 ? (
        <Group>
          <Text fz="sm" aria-live="polite">
            {selected.size} selected
          </Text>
        </Group>
      ) : null}
      {body}
      <ConfirmModal
        opened={confirming}
        title="Delete callback requests"
        message={`Are you sure you want to delete ${selected.size} callback request(s)? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </AdminPage>
  );
}
