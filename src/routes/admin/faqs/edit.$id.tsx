import { createFileRoute } from '@tanstack/react-router';
import { FaqEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/faqs/edit/$id')({
  component: EditFaq,
  head: () => ({ meta: [{ title: pageTitle('Edit FAQ') }] }),
});

function EditFaq() {
  const { id } = Route.useParams();
  // Keyed by id so moving between two records starts from a fresh form.
  return <FaqEditorPage key={id} id={id} />;
}
