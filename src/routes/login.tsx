import { catalogTitle, loadCatalogPart } from '@/lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
// zod/mini: route checks load with every page (see src/lib/zod-without-eval.ts).
import { z } from 'zod/mini';
import { safeRedirectPath } from '@/domain/auth';
import { LoginPage } from '@/features/auth/login-page';

const searchSchema = z.object({
  // An unsafe value is dropped here rather than failing the page: the user can still log in.
  redirect: z.catch(
    z.optional(
      z.pipe(
        z.unknown(),
        z.transform((value) => safeRedirectPath(value)),
      ),
    ),
    undefined,
  ),
});

export const Route = createFileRoute('/login')({
  // Its screens' texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('account'),
  validateSearch: searchSchema,
  component: LoginRoute,
  head: () => ({ meta: [{ title: catalogTitle('auth.login.tab') }] }),
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
