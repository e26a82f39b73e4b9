import { Suspense, useEffect } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { useIdleAfterLoad } from '@/lib/client-only';
import { useBrowserOnline } from '@/lib/use-browser-online';
import { loadCatalogPart } from '@/lib/i18n';

// Mantine's Alert and CloseButton stay out of every page's first download (issue 22). The chunk
// is precached; loading it once the page is idle also covers a first visit going offline before
// the service worker has installed.
const loadNotice = () =>
  Promise.all([import('./offline-notice'), loadCatalogPart('notices')]).then(([m]) => m);
// Offline before anything cached it: no notice, rather than the page's error screen.
const OfflineNotice = retryingLazy(() => loadNotice().then((m) => ({ default: m.OfflineNotice })));

/** The offline notice under the header, while the device is offline. */
export function OfflineBanner() {
  const online = useBrowserOnline();
  const idle = useIdleAfterLoad();
  useEffect(() => {
    if (idle) void loadNotice().catch(() => undefined);
  }, [idle]);
  if (online) return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice />
    </Suspense>
  );
}
