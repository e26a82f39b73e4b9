import { createFileRoute } from '@tanstack/react-router';
import { GlossaryTermPage } from '@/features/content/pages/glossary-term-page';
import { pageTitle } from '@/config/site';
import { loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/glossary/$slug')({
  // Imported on demand so IndexedDB code stays out of the initial bundle.
  loader: async ({ params }) => {
    const [{ readCachedGlossaryTerm }] = await Promise.all([
      import('@/features/content/cached-titles'),
      loadCatalogPart('content'),
    ]);
    return { term: await readCachedGlossaryTerm(params.slug) };
  },
  component: GlossaryTermRoute,
  head: ({ loaderData }) => ({
    meta: [
      {
        title: pageTitle(
          loaderData?.term ? `${loaderData.term}: Meaning in Insurance` : 'Insurance Glossary',
        ),
      },
      { name: 'description', content: 'An insurance term explained in plain language.' },
    ],
  }),
});

function GlossaryTermRoute() {
  const { slug } = Route.useParams();
  return <GlossaryTermPage key={slug} slug={slug} />;
}
