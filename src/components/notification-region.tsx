import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { useT } from '@/lib/use-i18n';
import { NOTIFICATION_REGION_ID, subscribeToastRequests, toastRequested } from '@/lib/toast';

// The renderer and its transitions load with the first toast, not on every page: mounted at
// idle, its fourteen files' preloading and evaluation were one of a page's longest tasks
// (issue 22, total blocking time). A toast waits in Mantine's store until it mounts; should
// the renderer fail to load (offline before the service worker had it), it loads again once
// back online (retryingLazy).
const NotificationStack = retryingLazy(() =>
  import('./notification-stack').then((m) => ({ default: m.NotificationStack })),
);

/** The single toast region. F8 moves keyboard focus to it, as screen-reader users expect. */
export function NotificationRegion() {
  const t = useT();
  const waiting = useSyncExternalStore(subscribeToastRequests, toastRequested, () => false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const region = document.getElementById(NOTIFICATION_REGION_ID);
      if (!region) return;
      event.preventDefault();
      region.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Mantine spreads extra props onto each of its six position containers, so the landmark is
  // our own wrapper; the containers are fixed-position and render the same inside it.
  return (
    <div
      id={NOTIFICATION_REGION_ID}
      tabIndex={-1}
      role="region"
      aria-label={t('shell.notifications')}
    >
      {/* Loaded for the first toast; never in a pre-rendered page's markup or the render that
          hydrates it. */}
      {waiting ? (
        <Suspense fallback={null}>
          <NotificationStack />
        </Suspense>
      ) : null}
    </div>
  );
}
