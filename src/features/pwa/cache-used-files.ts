/**
 * Hands the service worker the app files this page loaded before it took control (a first
 * visit), so they are cached too: the precache holds only what offline use needs, and the
 * page the visitor is on, with whatever it already loaded, must open offline as well.
 */
export function cacheUsedFilesOnControl(): () => void {
  const container = navigator.serviceWorker;
  if (!container) return () => {};
  const send = () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin);
    container.controller?.postMessage({ type: 'CACHE_URLS', urls });
  };
  if (container.controller) {
    send();
    return () => {};
  }
  container.addEventListener('controllerchange', send, { once: true });
  return () => container.removeEventListener('controllerchange', send);
}

/** Code kept for offline use once first used (src/sw/cache-groups.ts has what is in each). */
export type OfflineGroup = 'tracker' | 'hi';

const asked = new Map<OfflineGroup, Promise<void>>();

/**
 * Asks the service worker to keep all of `group`'s code for offline use (the tracker opened,
 * Hindi chosen: always online, since signing in needs the network); resolves once it has, or
 * never where there is no service worker. Once per page load; the worker skips what it has.
 */
export function keepForOffline(group: OfflineGroup): Promise<void> {
  let request = asked.get(group);
  if (!request) {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    request = container
      ? container.ready.then(
          (registration) =>
            new Promise<void>((resolve) => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve();
              registration.active?.postMessage({ type: 'CACHE_GROUP', group }, [channel.port2]);
            }),
        )
      : new Promise<void>(() => {});
    asked.set(group, request);
  }
  return request;
}
