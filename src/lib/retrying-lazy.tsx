import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';

/** The first pause before trying a failed part again while the browser says it is online. */
const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 60_000;
/** Timed tries stop here (about three minutes): a browser that keeps failed imports never loads it. */
const TIMED_TRIES = 6;

export type PropsOf<T> = T extends ComponentType<infer P extends object> ? P : object;

function Nothing(): null {
  return null;
}

/**
 * React.lazy for the parts a page loads after its first paint (toasts, menus, the update
 * prompt). React.lazy keeps a failed import for the page's life and throws it to the nearest
 * error boundary, so a part that could not load (offline before the service worker had it, or
 * a deploy that removed the old file) would replace the whole page with an error. Here a failed
 * part renders nothing and is loaded again when the browser comes back online, or after a
 * growing pause while it thinks it is online. Chromium fetches the module again on each try
 * (the HTML standard no longer keeps a failed import in the module map; a browser that still
 * does never loads the part on this page, so the timed tries stop after a few). A part the
 * user cannot do without can give a plain stand-in (`failed`) to show meanwhile. A try that
 * fails again changes nothing on screen: the swap is a transition, so the part's Suspense
 * fallback does not flash while it loads.
 */
export function retryingLazy<T extends ComponentType<never>>(
  load: () => Promise<{ default: T }>,
  /** Shown while the part has failed, where nothing would leave the user without a word. */
  failed: ComponentType<PropsOf<T>> = Nothing,
): ComponentType<PropsOf<T>> & { retry: () => void } {
  const listeners = new Set<() => void>();
  let failures = 0;
  let scheduled = false;

  const attempt = () =>
    lazy(async () => {
      try {
        const loaded = await load();
        failures = 0;
        // T is the component itself: inferring it whole (as React.lazy does) keeps each call's
        // props exact, where inferring the props alone widened them.
        return { default: loaded.default as unknown as ComponentType<PropsOf<T>> };
      } catch (error) {
        console.error('A part of the page could not be loaded; it is tried again later', error);
        failures += 1;
        scheduleRetry();
        return { default: failed };
      }
    });

  let current = attempt();

  function retry() {
    current = attempt();
    for (const listener of listeners) listener();
  }

  function scheduleRetry() {
    if (scheduled || typeof window === 'undefined') return;
    scheduled = true;
    const pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failures - 1));
    const again = () => {
      window.removeEventListener('online', again);
      window.clearTimeout(timer);
      scheduled = false;
      retry();
    };
    window.addEventListener('online', again);
    // Offline, only the online event tries again: a timer would fail the same way.
    const timer =
      failures <= TIMED_TRIES
        ? window.setTimeout(() => {
            if (navigator.onLine) again();
          }, pause)
        : undefined;
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  function RetryingLazy(props: PropsOf<T>) {
    const [Current, setCurrent] = useState(() => current);
    useEffect(() => {
      const update = () => startTransition(() => setCurrent(() => current));
      // A try may have ended between this render and the effect.
      update();
      return subscribe(update);
    }, []);
    return <Current {...props} />;
  }
  // For a part the user asked for again (a dialog's next tap): a try now, not at the next pause.
  return Object.assign(RetryingLazy, { retry });
}
