import { createFileRoute } from '@tanstack/react-router';
import { GlossaryEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/glossary/edit/$id')({
  component: EditGlossary,
  head: () => ({ meta: [{ title: pageTitle('Edit Term') }] }),
});

function EditGlossary() {
  const { id } = Route.useParams();
  // Keyed by id so moving between two records starts from a fresh form.
  return <GlossaryEditorPage key={id} id={id} />;
}
