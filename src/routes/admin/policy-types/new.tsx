import { createFileRoute } from '@tanstack/react-router';
import { PolicyTypeEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/policy-types/new')({
  component: () => <PolicyTypeEditorPage />,
  head: () => ({ meta: [{ title: pageTitle('Create Policy Type') }] }),
});
