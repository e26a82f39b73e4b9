import { createFileRoute } from '@tanstack/react-router';
import { WhatIsBimaSugamPage } from '@/features/content/pages/what-is-bima-sugam-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/what-is-bima-sugam')({
  component: WhatIsBimaSugamPage,
  head: () => ({
    meta: [
      { title: pageTitle('What is Bima Sugam? A Plain-Language Guide') },
      {
        name: 'description',
        content:
          'What Bima Sugam is, what IRDAI has announced, what is live today, its benefits and limits, and how to get ready.',
      },
    ],
  }),
});
