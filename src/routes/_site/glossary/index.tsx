import { createFileRoute } from '@tanstack/react-router';
import { GlossaryListPage } from '@/features/content/pages/glossary-list-page';
import { catalogTitle, loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/glossary/')({
  loader: () => loadCatalogPart('content'),
  component: GlossaryListPage,
  head: () => ({
    meta: [
      { title: catalogTitle('content.glossary.title') },
      {
        name: 'description',
        content:
          'Insurance terms and abbreviations from Indian policy documents, explained in plain language.',
      },
    ],
  }),
});
