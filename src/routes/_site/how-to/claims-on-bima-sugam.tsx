import { createFileRoute } from '@tanstack/react-router';
import { ClaimsPage } from '@/features/content/pages/claims-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/how-to/claims-on-bima-sugam')({
  component: ClaimsPage,
  head: () => ({
    meta: [
      { title: pageTitle('How to Make a Claim: Health, Motor and Term Life') },
      {
        name: 'description',
        content:
          'The four steps of an insurance claim in India and the documents you need for health, motor and term life claims.',
      },
    ],
  }),
});
