import { createFileRoute } from '@tanstack/react-router';
import { DisclaimerPage } from '@/features/content/pages/disclaimer-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/disclaimer')({
  component: DisclaimerPage,
  head: () => ({
    meta: [
      { title: pageTitle('Disclaimer') },
      {
        name: 'description',
        content:
          'BimaGuide is an independent information website, not affiliated with IRDAI or the official Bima Sugam portal.',
      },
    ],
  }),
});
