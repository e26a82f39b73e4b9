import { createFileRoute } from '@tanstack/react-router';
import { NewsArticlePage } from '@/features/content/pages/news-article-page';
import { pageTitle } from '@/config/site';
import { loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/news/$slug')({
  // Imported on demand so IndexedDB code stays out of the initial bundle.
  loader: async ({ params }) => {
    const [{ readCachedNewsTitle }] = await Promise.all([
      import('@/features/content/cached-titles'),
      loadCatalogPart('content'),
    ]);
    return { title: await readCachedNewsTitle(params.slug) };
  },
  component: NewsArticleRoute,
  head: ({ loaderData }) => ({
    meta: [
      { title: pageTitle(loaderData?.title ?? 'Insurance News') },
      { name: 'description', content: 'Insurance news for Indian consumers, explained simply.' },
    ],
  }),
});

function NewsArticleRoute() {
  const { slug } = Route.useParams();
  return <NewsArticlePage key={slug} slug={slug} />;
}
