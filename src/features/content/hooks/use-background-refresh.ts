import { useCallback, useEffect, useState } from 'react';

export type RefreshStatus = 'pending' | 'done' | 'failed';

export interface BackgroundRefresh {
  status: RefreshStatus;
  /** Fetches again now (the Try again button). */
  retry: () => void;
}

/** A fetch that has not answered by then is treated as failed (a weak signal that never answers). */
export const REFRESH_TIMEOUT_MS = 12_000;

// Shared across components so StrictMode's double effects, two widgets showing the same list
// and the background prefetch start one request, not several.
const inFlight = new Map<string, Promise<void>>();

function withTimeout(work: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No answer within ${REFRESH_TIMEOUT_MS / 1000} s`)),
      REFRESH_TIMEOUT_MS,
    );
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Runs `refresh` unless the same one is already running, then shares its outcome. */
export function refreshOnce(id: string, refresh: () => Promise<void>): Promise<void> {
  let running = inFlight.get(id);
  if (!running) {
    running = withTimeout(refresh()).finally(() => inFlight.delete(id));
    inFlight.set(id, running);
  }
  return running;
}

/**
 * Fetches a fresh copy into the local cache on mount, again whenever the device comes back
 * online and on retry() (stale-while-revalidate: the screen keeps showing the stored copy
 * meanwhile). Spec §8: public content errors are only logged; the status says whether the
 * last attempt failed, so a screen with nothing stored can say so instead of "none found".
 */
export function useBackgroundRefresh(
  scope: string,
  key: string,
  refresh: (key: string) => Promise<void>,
): BackgroundRefresh {
  const id = `${scope}:${key}`;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ run: string; status: RefreshStatus } | null>(null);
  const run = `${id}#${attempt}`;

  useEffect(() => {
    let active = true;
    // Known to be offline: say so at once rather than after supabase-js's retries (about 7 s);
    // coming back online triggers the next attempt.
    const attempt = navigator.onLine
      ? refreshOnce(id, () => refresh(key))
      : Promise.reject(new Error('Offline'));
    attempt.then(
      () => {
        if (active) setSettled({ run, status: 'done' });
      },
      (error: unknown) => {
        console.error(error);
        if (active) setSettled({ run, status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [id, run, key, refresh]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  return { status: settled?.run === run ? settled.status : 'pending', retry };
}
