import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/content/pages/terms-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/terms')({
  component: TermsPage,
  head: () => ({
    meta: [
      { title: pageTitle('Terms of Use') },
      {
        name: 'description',
        content:
          'The terms that apply when you use the BimaGuide website, calculators and policy tracker.',
      },
    ],
  }),
});
