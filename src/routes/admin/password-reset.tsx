import { loadCatalogPart } from '@/lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { PasswordPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/password-reset')({
  // Its screens' texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('account'),
  component: PasswordPage,
  head: () => ({ meta: [{ title: pageTitle('Change Password') }] }),
});
