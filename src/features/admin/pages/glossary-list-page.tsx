import { Button, Table } from '@mantine/core';
import { AnchorLink } from '../components/links';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PREVIEW_LENGTH, previewText } from '@/domain/admin';
import { deleteGlossaryTerm } from '../api/delete-glossary-term';
import { fetchGlossaryTerms } from '../api/fetch-glossary-terms';
import { AdminPage, StatusText } from '../components/admin-page';
import { RowActions } from '../components/row-actions';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import { ActionsCell, ActionsHeader } from '../components/admin-table';

export function GlossaryListPage() {
  const { state, reload } = useAdminQuery('glossary', fetchGlossaryTerms, 'Error fetching terms');
  const { ask, dialog } = useDeleteDialog({
    title: 'Delete term',
    question: 'Are you sure you want to delete this term?',
    remove: deleteGlossaryTerm,
    success: { title: 'Success', description: 'Term deleted.' },
    errorTitle: 'Error deleting term',
    onDeleted: reload,
  });

  let body;
  if (state.status === 'loading') body = <StatusText>Loading...</StatusText>;
  else if (state.status === 'error') body = <StatusText>Could not load glossary terms.</StatusText>;
  else if (state.data.length === 0) body = <StatusText>No glossary terms yet.</StatusText>;
  else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Term</Table.Th>
              <Table.Th>Definition</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <AnchorLink to="/glossary/$slug" params={{ slug: t.slug }}>
                    {t.term}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{previewText(t.definition, PREVIEW_LENGTH.glossaryDefinition)}</Table.Td>
                <ActionsCell>
                  <RowActions
                    editTo="/admin/glossary/edit/$id"
                    id={t.id}
                    label={t.term}
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
      title="Glossary"
      actions={
        <Button
          component={Link}
          to="/admin/glossary/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create Term
        </Button>
      }
    >
      {body}
      {dialog}
    </AdminPage>
  );
}
