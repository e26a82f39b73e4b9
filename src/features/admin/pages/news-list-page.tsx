import { Button, Table } from '@mantine/core';
import { AnchorLink } from '../components/links';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatLocalDate } from '@/domain/admin';
import { deleteNewsArticle } from '../api/delete-news-article';
import { fetchNewsArticles } from '../api/fetch-news-articles';
import { AdminPage, StatusText } from '../components/admin-page';
import { RowActions } from '../components/row-actions';
import { useAdminQuery } from '../hooks/use-admin-query';
import { useDeleteDialog } from '../hooks/use-delete-dialog';
import { ActionsCell, ActionsHeader } from '../components/admin-table';

export function NewsListPage() {
  const { state, reload } = useAdminQuery('news', fetchNewsArticles, 'Error fetching articles');
  const { ask, dialog } = useDeleteDialog({
    title: 'Delete article',
    question: 'Are you sure you want to delete this article?',
    remove: deleteNewsArticle,
    success: { title: 'Success', description: 'Article deleted.' },
    errorTitle: 'Error deleting article',
    onDeleted: reload,
  });

  let body;
  if (state.status === 'loading') body = <StatusText>Loading...</StatusText>;
  else if (state.status === 'error') body = <StatusText>Could not load articles.</StatusText>;
  else if (state.data.length === 0) body = <StatusText>No news articles found.</StatusText>;
  else {
    body = (
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Slug</Table.Th>
              <Table.Th>Published</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <AnchorLink to="/news/$slug" params={{ slug: a.slug }}>
                    {a.title}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <code>{a.slug}</code>
                </Table.Td>
                <Table.Td>{formatLocalDate(a.created_at)}</Table.Td>
                <ActionsCell>
                  <RowActions
                    editTo="/admin/news/edit/$id"
                    id={a.id}
                    label={a.title}
                    onDelete={() => ask(a.id)}
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
      title="News Articles"
      actions={
        <Button
          component={Link}
          to="/admin/news/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create Article
        </Button>
      }
    >
      {body}
      {dialog}
    </AdminPage>
  );
}
