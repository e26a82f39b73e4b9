import { loadCatalogPart } from '@/lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '@/features/auth/admin-login-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin-login')({
  // Its screens' texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('account'),
  component: AdminLoginPage,
  head: () => ({ meta: [{ title: pageTitle('Admin Login') }] }),
});
