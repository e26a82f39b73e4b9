import { loadCatalogPart } from '@/lib/i18n';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthPending, requireSignedIn } from '@/features/auth';
import { keepForOffline } from '@/features/pwa';
import { Route as DashboardRoute } from './index';

/** A lazily loaded route component (the router's code splitting) can be fetched ahead. */
function preloadComponent(component: unknown): void {
  if (typeof component !== 'function' || !('preload' in component)) return;
  const { preload } = component;
  if (typeof preload === 'function') void (preload as () => Promise<void>)();
}

/** Every /policy-tracker page needs a signed-in user; others log in and come back here. */
export const Route = createFileRoute('/_site/policy-tracker')({
  // Its screens' texts are not in the catalog every page loads first. From its first (online)
  // use, all of its code is kept for offline use, documents included.
  loader: () => {
    void keepForOffline('tracker');
    return loadCatalogPart('tracker');
  },
  beforeLoad: ({ context, location, preload }) => {
    // While the session is checked (supabase-js loading, the stored token confirmed), fetch
    // what the page needs after it: the texts, and for the dashboard its code and the
    // policies from this device's store. Nothing is shown until the check passes.
    const stored = context.auth.current().user;
    if (stored && !preload) {
      void loadCatalogPart('tracker');
      if (location.pathname === '/policy-tracker') {
        preloadComponent(DashboardRoute.options.component);
        void import('@/features/tracker/prefetch').then((m) => m.prefetchDashboard(stored.id));
      }
    }
    return requireSignedIn(context.auth, location.href);
  },
  pendingComponent: AuthPending,
  // Show 'Loading...' at once while the session check runs, never a blank page.
  pendingMs: 0,
  component: Outlet,
});
