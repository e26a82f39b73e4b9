import { Button, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PREVIEW_LENGTH, previewText } from '@/domain/admin';
import { deleteFaq } from '../api/delete-faq';
import { fetchFaqs } from '../api/fetch-faqs';
import { AdminPage, StatusText } from '../components/admin-page';
import { RowActions } from '../components/row-actions';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import { ActionsCell, ActionsHeader } from '../components/admin-table';

export function FaqListPage() {
  const { state, reload } = useAdminQuery('faqs', fetchFaqs, 'Error fetching FAQs');
  const { ask, dialog } = useDeleteDialog({
    title: 'Delete FAQ',
    question: 'Are you sure you want to delete this FAQ?',
    remove: deleteFaq,
    success: { title: 'Success', description: 'FAQ deleted.' },
    errorTitle: 'Error deleting FAQ',
    onDeleted: reload,
  });

  let body;
  if (state.status === 'loading') body = <StatusText>Loading...</StatusText>;
  else if (state.status === 'error') body = <StatusText>Could not load FAQs.</StatusText>;
  else if (state.data.length === 0) body = <StatusText>No FAQs yet.</StatusText>;
  else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Answer</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td fw={500}>{f.question}</Table.Td>
                <Table.Td>{previewText(f.answer, PREVIEW_LENGTH.faqAnswer)}</Table.Td>
                <ActionsCell>
                  <RowActions
                    editTo="/admin/faqs/edit/$id"
                    id={f.id}
                    label={f.question}
                    onDelete={() => ask(f.id)}
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
      title="FAQs"
      actions={
        <Button
          component={Link}
          to="/admin/faqs/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create FAQ
        </Button>
      }
    >
      {body}
      {dialog}
    </AdminPage>
  );
}
