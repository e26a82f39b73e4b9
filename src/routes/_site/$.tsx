import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/components/layout';
import { catalogTitle, loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/$')({
  // Its texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('notices'),
  component: NotFound,
  head: () => ({ meta: [{ title: catalogTitle('shell.notFound.title') }] }),
});
