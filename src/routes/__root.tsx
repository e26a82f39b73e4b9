import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { AuthState } from '@/features/auth';
import { NotFound } from '@/components/layout';
import { NotificationRegion } from '@/components/notification-region';
import { pageTitle, site } from '@/config/site';
import { SiteShell } from './-components/site-shell';

// Registers the service worker and shows only when an update waits: nothing for first paint.
const UpdatePrompt = lazy(() =>
  import('@/features/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
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
  return (
    <>
      <HeadContent />
      <Outlet />
      <NotificationRegion />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </>
  );
}
