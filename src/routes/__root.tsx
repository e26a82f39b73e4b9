import { Suspense } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { useIdleAfterLoad } from '@/lib/client-only';
import { useAuth, type AuthState } from '@/features/auth';
import { NotificationRegion } from '@/components/notification-region';
import { pageTitle, site } from '@/config/site';
import { loadCatalogPart } from '@/lib/i18n';
import { SiteShell } from './-components/site-shell';
import { PlainNotFound } from './-components/plain-not-found';

// Registers the service worker and shows only when an update waits: nothing for first paint.
const UpdatePrompt = retryingLazy(() =>
  Promise.all([import('@/features/pwa/update-prompt'), loadCatalogPart('notices')]).then(([m]) => ({
    default: m.UpdatePrompt,
  })),
);

// Only for an address no route matches (issue 22: every page's first download). Should it not
// load (offline before the worker had it), the page still says what happened, in plain markup.
const NotFound = retryingLazy(
  () =>
    Promise.all([import('@/components/layout/not-found'), loadCatalogPart('notices')]).then(
      ([m]) => ({ default: m.NotFound }),
    ),
  PlainNotFound,
);

// Dexie and the sync engine load only for a signed-in user, after first paint.
const TrackerBackgroundSync = retryingLazy(() =>
  import('@/features/tracker/background-sync').then((m) => ({
    default: m.TrackerBackgroundSync,
  })),
);

export interface RouterContext {
  auth: AuthState;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: () => (
    <SiteShell>
      <NotFound />
    </SiteShell>
  ),
  head: () => ({
    meta: [{ title: pageTitle(site.tagline) }, { name: 'description', content: site.description }],
  }),
});

function RootComponent() {
  const { user, registerBeforeSignOut } = useAuth();
  const idle = useIdleAfterLoad();
  return (
    <>
      <HeadContent />
      <Outlet />
      {user ? (
        <Suspense fallback={null}>
          <TrackerBackgroundSync userId={user.id} registerBeforeSignOut={registerBeforeSignOut} />
        </Suspense>
      ) : null}
      <NotificationRegion />
      {/* Once the page has loaded: the worker's first install downloads the whole app, which
          must not compete with the page's own first requests. */}
      {idle ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </>
  );
}
