import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '@/features/content/pages/news-list-page';
import { catalogTitle, loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/news/')({
  loader: () => loadCatalogPart('content'),
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
