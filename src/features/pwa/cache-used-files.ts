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
