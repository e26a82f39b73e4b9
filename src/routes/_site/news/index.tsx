import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '@/features/content/pages/news-list-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/news/')({
  component: NewsListPage,
  head: () => ({
    meta: [
      { title: pageTitle('Insurance News') },
      {
        name: 'description',
        content:
          'The latest on Bima Sugam, IRDAI rules and insurance changes in India, explained simply.',
      },
    ],
  }),
});
