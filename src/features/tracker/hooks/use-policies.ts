import { startTransition, useEffect, useMemo, useState } from 'react';
import type { TrackerDb } from '@/db/tracker-db';
import type { PolicyView } from '@/sync';
import { policiesSource } from '../live-policies';
import { useReadResult, type Read } from './use-live-read';

interface Held {
  source: ReturnType<typeof policiesSource>;
  result: Read<PolicyView[]> | undefined;
}

/**
 * The dashboard's live list of the user's policies; undefined while the first read runs.
 * Shares the read the tracker's guard started ahead of it (prefetchPolicies): the first render
 * has the list when that read finished meanwhile, and no second read follows it.
 *
 * Each new list is rendered in a transition, which yields to the browser, and not through
 * useSyncExternalStore: React renders a store's changes synchronously, and a read arriving
 * while the page's first render was under way (that render yielding, as transitions do) made
 * React render the whole app again in one task to stay consistent with the store (issue 22).
 * The dashboard is the list's one reader, so nothing can show two versions of it at once.
 */
export function usePolicies(db: TrackerDb): PolicyView[] | undefined {
  const source = useMemo(() => policiesSource(db), [db]);
  const [held, setHeld] = useState<Held>(() => ({ source, result: source.snapshot() }));
  let current = held;
  if (held.source !== source) {
    // Another user's store: never a moment of the previous one's list.
    current = { source, result: source.snapshot() };
    setHeld(current);
  }
  useEffect(() => {
    const take = () =>
      startTransition(() =>
        setHeld((previous) => {
          const result = source.snapshot();
          return previous.source === source && previous.result === result
            ? previous
            : { source, result };
        }),
      );
    const unsubscribe = source.subscribe(take);
    // A read that finished between the render and this subscription.
    take();
    return unsubscribe;
  }, [source]);
  return useReadResult(current.result, 'tracker.error.policies');
}
