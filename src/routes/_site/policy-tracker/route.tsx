import { loadCatalogPart } from '@/lib/i18n';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthPending, requireSignedIn } from '@/features/auth';
import { keepForOffline } from '@/features/pwa';
import { PAINTED_PATIENCE_MS } from '@/domain/dashboard-snapshot-names';
import { paintedSnapshot } from '@/lib/kept-dashboard';
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
  beforeLoad: ({ context, location }) => {
    // While the session is checked (supabase-js loading, the stored token confirmed), fetch
    // what the page needs after it: for the dashboard the policies from this device's store
    // first (the read waits for its own code before it can start), then its code, the texts.
    // Also when the dashboard is only preloaded (a signed-in user's link to it shown or
    // touched), so the tap finds the list read. Nothing is shown until the check passes.
    const stored = context.auth.current().user;
    let read: Promise<void> | undefined;
    if (stored) {
      if (location.pathname === '/policy-tracker') {
        read = import('@/features/tracker/prefetch').then((m) => m.prefetchDashboard(stored.id));
        preloadComponent(DashboardRoute.options.component);
      }
      void loadCatalogPart('tracker');
    }
    const guard = requireSignedIn(context.auth, location.href);
    // The service worker painted the dashboard as this device last showed it (a cold open,
    // src/features/tracker/dashboard-snapshot.ts): the app's first render, which replaces it,
    // waits for the list, so the same cards take its place and not 'Loading...'.
    if (read && paintedSnapshot()) {
      const listRead = Promise.race([
        read.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, PAINTED_PATIENCE_MS)),
      ]);
      return Promise.all([guard, listRead]).then(() => undefined);
    }
    return guard;
  },
  pendingComponent: AuthPending,
  // Show 'Loading...' at once while the session check runs, never a blank page; and take it
  // away as soon as the page is ready: the router otherwise keeps a pending screen for at
  // least 500 ms, which held back every dashboard opened from another page (the texts'
  // loader returns a promise even when they are in), however fast it was ready.
  pendingMs: 0,
  pendingMinMs: 0,
  component: Outlet,
});
