import { createFileRoute } from '@tanstack/react-router';
import { GlossaryEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/glossary/new')({
  component: () => <GlossaryEditorPage />,
  head: () => ({ meta: [{ title: pageTitle('Create Term') }] }),
});
