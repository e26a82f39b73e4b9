import { createFileRoute } from '@tanstack/react-router';
import { PolicyTypeEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/policy-types/edit/$id')({
  component: EditPolicyType,
  head: () => ({ meta: [{ title: pageTitle('Edit Policy Type') }] }),
});

function EditPolicyType() {
  const { id } = Route.useParams();
  // Keyed by id so moving between two records starts from a fresh form.
  return <PolicyTypeEditorPage key={id} id={id} />;
}
