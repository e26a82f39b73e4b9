import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const read = () => navigator.onLine;

/**
 * The browser's own online flag: the offline notice under the header shows on it. The tracker's
 * sync status also turns offline when requests fail for lack of network, but a request that
 * finished just before the connection dropped can mark it online again; "offline" is shown when
 * either says so.
 */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
