import { createFileRoute } from '@tanstack/react-router';
import { GlossaryListPage } from '@/features/content/pages/glossary-list-page';
import { pageTitle } from '@/config/site';
import { loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/glossary/')({
  loader: () => loadCatalogPart('content'),
  component: GlossaryListPage,
  head: () => ({
    meta: [
      { title: pageTitle('Insurance Glossary') },
      {
        name: 'description',
        content:
          'Insurance terms and abbreviations from Indian policy documents, explained in plain language.',
      },
    ],
  }),
});
