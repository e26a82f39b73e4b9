import { createFileRoute } from '@tanstack/react-router';
import { FaqEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/faqs/new')({
  component: () => <FaqEditorPage />,
  head: () => ({ meta: [{ title: pageTitle('Create FAQ') }] }),
});
