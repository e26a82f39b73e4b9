import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Callback } from '@/domain/schemas';
import { formatLocalDateTime } from '@/domain/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { deleteCallbacks } from '../api/delete-callbacks';
import { fetchCallbacks } from '../api/fetch-callbacks';
import { AdminPage, QueryBody } from '../components/admin-page';
import { DataTable, type Column } from '../components/admin-table';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useRowSelection } from '../hooks/use-row-selection';

/** tel: links accept digits and a leading +; spaces, brackets and hyphens are dropped. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const columns: readonly Column<Callback>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Phone', cell: (row) => <Anchor href={telHref(row.phone)}>{row.phone}</Anchor> },
  { header: 'City', cell: (row) => row.city },
  { header: 'Product', cell: (row) => row.product },
  {
    header: 'Received',
    cell: (row) => <time dateTime={row.created_at}>{formatLocalDateTime(row.created_at)}</time>,
  },
];

export function CallbacksPage() {
  const { state, reload } = useAdminQuery('callbacks', fetchCallbacks, 'Error fetching callbacks');
  const ids = useMemo(() => (state.status === 'ready' ? state.data.map((r) => r.id) : []), [state]);
  const selection = useRowSelection(ids);
  const { selected } = selection;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

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
    selection.clear();
    reload();
  };

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
      <QueryBody
        state={state}
        error="Could not load callback requests."
        empty="No callback requests yet."
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            columns={columns}
            minWidth={640}
            selection={{
              ...selection,
              allLabel: 'Select all callbacks',
              rowLabel: (row) => `Select callback from ${row.name}`,
            }}
          />
        )}
      </QueryBody>
      <ConfirmDialog
        opened={confirming}
        title="Delete callback requests"
        description={`Are you sure you want to delete ${selected.size} callback request(s)? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        initialFocus="confirm"
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </AdminPage>
  );
}
