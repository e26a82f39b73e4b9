import { createFileRoute } from '@tanstack/react-router';
import { FaqListPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/faqs/')({
  component: FaqListPage,
  head: () => ({ meta: [{ title: pageTitle('FAQs') }] }),
});
