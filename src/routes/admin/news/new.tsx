import { createFileRoute } from '@tanstack/react-router';
import { NewsEditorPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/news/new')({
  component: () => <NewsEditorPage />,
  head: () => ({ meta: [{ title: pageTitle('Create Article') }] }),
});
