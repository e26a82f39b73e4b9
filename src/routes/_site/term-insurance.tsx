import { createFileRoute } from '@tanstack/react-router';
import { TermInsurancePage } from '@/features/content/pages/term-insurance-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/term-insurance')({
  component: TermInsurancePage,
  head: () => ({
    meta: [
      { title: pageTitle('Term Insurance Guide') },
      {
        name: 'description',
        content:
          'How to choose term life insurance: how much cover, claim settlement ratio, riders, and tax benefits under Sections 80C and 10(10D).',
      },
    ],
  }),
});
