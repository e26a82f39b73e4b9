import { createFileRoute } from '@tanstack/react-router';
import { CallbacksPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/callbacks')({
  component: CallbacksPage,
  head: () => ({ meta: [{ title: pageTitle('Callback Requests') }] }),
});
