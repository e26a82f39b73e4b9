import { createFileRoute } from '@tanstack/react-router';
import { NewsEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/news/edit/$id')({
  component: EditNews,
  head: () => ({ meta: [{ title: pageTitle('Edit Article') }] }),
});

function EditNews() {
  const { id } = Route.useParams();
  // Keyed by id so moving between two records starts from a fresh form.
  return <NewsEditorPage key={id} id={id} />;
}
