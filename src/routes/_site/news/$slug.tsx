import { createFileRoute } from '@tanstack/react-router';
import { NewsArticlePage } from '@/features/content/pages/news-article-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/news/$slug')({
  component: NewsArticleRoute,
  head: () => ({
    meta: [
      { title: pageTitle('Insurance News') },
      { name: 'description', content: 'Insurance news for Indian consumers, explained simply.' },
    ],
  }),
});

function NewsArticleRoute() {
  const { slug } = Route.useParams();
  return <NewsArticlePage key={slug} slug={slug} />;
}
