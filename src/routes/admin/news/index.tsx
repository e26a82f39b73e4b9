import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/news/')({
  component: NewsListPage,
  head: () => ({ meta: [{ title: pageTitle('News Articles') }] }),
});
