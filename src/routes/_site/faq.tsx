import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '@/features/content/pages/faq-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/faq')({
  component: FaqPage,
  head: () => ({
    meta: [
      { title: pageTitle('Frequently Asked Questions') },
      {
        name: 'description',
        content:
          'Answers to common questions about Bima Sugam, buying insurance, renewals and claims in India.',
      },
    ],
  }),
});
