import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@/features/content/pages/about-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/about')({
  component: AboutPage,
  head: () => ({
    meta: [
      { title: pageTitle('About Us') },
      {
        name: 'description',
        content: 'Who runs BimaGuide, how we are licensed and what we promise our readers.',
      },
    ],
  }),
});
