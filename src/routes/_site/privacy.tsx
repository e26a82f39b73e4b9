import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/content/pages/privacy-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/privacy')({
  component: PrivacyPage,
  head: () => ({
    meta: [
      { title: pageTitle('Privacy Policy') },
      {
        name: 'description',
        content:
          'What personal data BimaGuide collects, where it is stored, who sees it and how to have it deleted.',
      },
    ],
  }),
});
