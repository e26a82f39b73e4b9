import { loadCatalogPart } from '@/lib/i18n';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthPending, requireSignedIn } from '@/features/auth';
import { keepForOffline } from '@/features/pwa';

/** Every /policy-tracker page needs a signed-in user; others log in and come back here. */
export const Route = createFileRoute('/_site/policy-tracker')({
  // Its screens' texts are not in the catalog every page loads first. From its first (online)
  // use, all of its code is kept for offline use, documents included.
  loader: () => {
    void keepForOffline('tracker');
    return loadCatalogPart('tracker');
  },
  beforeLoad: ({ context, location }) => requireSignedIn(context.auth, location.href),
  pendingComponent: AuthPending,
  // Show 'Loading...' at once while the session check runs, never a blank page.
  pendingMs: 0,
  component: Outlet,
});
