import { useEffect, useState } from 'react';

export type RefreshStatus = 'pending' | 'done' | 'failed';

// Shared across components so StrictMode's double effects and two widgets showing the same
// list start one request, not several.
const inFlight = new Map<string, Promise<void>>();

function runOnce(key: string, refresh: () => Promise<void>): Promise<void> {
  let running = inFlight.get(key);
  if (!running) {
    running = refresh().finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/**
 * Fetches a fresh copy into the local cache once per mount (stale-while-revalidate: the screen
 * keeps showing the stored copy meanwhile). Spec §8: public content errors are only logged.
 */
export function useBackgroundRefresh(
  scope: string,
  key: string,
  refresh: (key: string) => Promise<void>,
): RefreshStatus {
  const id = `${scope}:${key}`;
  const [settled, setSettled] = useState<{ id: string; status: RefreshStatus } | null>(null);

  useEffect(() => {
    let active = true;
    runOnce(id, () => refresh(key)).then(
      () => {
        if (active) setSettled({ id, status: 'done' });
      },
      (error: unknown) => {
        console.error(error);
        if (active) setSettled({ id, status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [id, key, refresh]);

  return settled?.id === id ? settled.status : 'pending';
}
