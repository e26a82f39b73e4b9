import { IconPlus } from '@tabler/icons-react';
import type { FieldValues } from 'react-hook-form';
import { AdminPage, QueryBody } from '../components/admin-page';
import { DataTable } from '../components/admin-table';
import { ButtonLink } from '../components/links';
import { RowActions } from '../components/row-actions';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import type { ResourceDescription } from './resource';

/** /admin/<path>: every record with Edit and Delete, and the create button. */
export function ResourceListPage<Row extends { id: string }, Input extends FieldValues, Values>({
  resource,
}: {
  resource: ResourceDescription<Row, Input, Values>;
}) {
  const { path, api, list, remove } = resource;
  const { state, reload } = useAdminQuery(path, api.list, list.fetchError);
  const { ask, dialog } = useDeleteDialog({
    title: remove.title,
    question: remove.question,
    details: remove.details,
    remove: api.remove,
    success: remove.success,
    errorTitle: remove.errorTitle,
    onDeleted: reload,
  });

  return (
    <AdminPage
      title={list.title}
      subtitle={list.subtitle}
      actions={
        <ButtonLink
          to="/admin/$resource/new"
          params={{ resource: path }}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {list.createLabel}
        </ButtonLink>
      }
    >
      <QueryBody
        state={state}
        error={list.loadError}
        empty={list.empty}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            columns={list.columns}
            minWidth={list.minWidth}
            actions={(row) => (
              <RowActions
                resource={path}
                id={row.id}
                label={list.rowName(row)}
                onDelete={() => ask(row.id)}
              />
            )}
          />
        )}
      </QueryBody>
      {dialog}
    </AdminPage>
  );
}
