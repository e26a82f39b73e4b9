import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { localToday } from '@/domain/local-today';

/**
 * False in a pre-rendered page's markup and in the render that hydrates it, true right after.
 * The switch is a transition, so what it brings in (lazily loaded parts) renders in small
 * slices instead of one long task right after hydration.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}

/**
 * Today's date on this device, or null in a pre-rendered page and the render that hydrates it:
 * the build's date is not the reader's, and text that depends on the day (whether a licence
 * is still valid) must say nothing rather than something that may have stopped being true.
 */
export function useClientToday(): string | null {
  return useMounted() ? localToday() : null;
}

/** Shows `fallback` until mounted in the browser (see useMounted), then `children`. */
export function ClientOnly({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useMounted() ? children : fallback;
}

/**
 * False until the page has loaded and the browser has had an idle moment (at most `timeoutMs`
 * after load). For work no one waits for on arrival: registering the service worker, whose
 * first install downloads the whole app in the background, the reminders' agent, the offline
 * banner's code, the content prefetch and the header's due-renewals count.
 */
export function useIdleAfterLoad(timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const afterLoad = () => {
      const done = () => startTransition(() => setIdle(true));
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(done, { timeout: timeoutMs });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = setTimeout(done, 200);
        cancel = () => clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') {
      afterLoad();
    } else {
      window.addEventListener('load', afterLoad, { once: true });
      cancel = () => window.removeEventListener('load', afterLoad);
    }
    return () => cancel();
  }, [timeoutMs]);
  return idle;
}
