import { createFileRoute } from '@tanstack/react-router';
import { LinkExistingPoliciesPage } from '@/features/content/pages/link-existing-policies-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/how-to/link-existing-policies')({
  component: LinkExistingPoliciesPage,
  head: () => ({
    meta: [
      { title: pageTitle('How to Link Existing Policies') },
      {
        name: 'description',
        content:
          'Step-by-step: bring your existing insurance policies together in an e-Insurance Account and get ready for Bima Sugam.',
      },
    ],
  }),
});
