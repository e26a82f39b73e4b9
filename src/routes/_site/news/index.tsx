import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '@/features/content/pages/news-list-page';
import { prepareDateFormat } from '@/lib/format-date';
import { catalogTitle, loadCatalogPart } from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';

export const Route = createFileRoute('/_site/news/')({
  loader: async () => {
    await loadCatalogPart('content');
    // In a task of its own, not in one of the hydrating render's (issue 22).
    await nextTask();
    prepareDateFormat('published');
  },
  component: NewsListPage,
  head: () => ({
    meta: [
      { title: catalogTitle('content.news.title') },
      {
        name: 'description',
        content:
          'The latest on Bima Sugam, IRDAI rules and insurance changes in India, explained simply.',
      },
    ],
  }),
});
