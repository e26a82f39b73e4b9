import { createFileRoute } from '@tanstack/react-router';
import { faqPage, localizedHead } from '@/features/content/guides';
import { FaqPage } from '@/features/content/pages/faq-page';

export const Route = createFileRoute('/_site/faq')({
  loader: () => faqPage('en'),
  head: ({ loaderData }) => localizedHead(loaderData),
  component: FaqPage,
});
