import { catalogTitle, loadCatalogPart } from '@/lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '@/features/auth/password-reset-page';

export const Route = createFileRoute('/_site/password-reset')({
  // Its screens' texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('account'),
  component: PasswordResetPage,
  head: () => ({ meta: [{ title: catalogTitle('auth.reset.title') }] }),
});
