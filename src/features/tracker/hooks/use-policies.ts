import { useMemo, useSyncExternalStore } from 'react';
import type { TrackerDb } from '@/db/tracker-db';
import type { PolicyView } from '@/sync';
import { policiesSource } from '../live-policies';
import { useReadResult } from './use-live-read';

/**
 * The dashboard's live list of the user's policies; undefined while the first read runs.
 * Shares the read the tracker's guard started ahead of it (prefetchPolicies).
 */
export function usePolicies(db: TrackerDb): PolicyView[] | undefined {
  const source = useMemo(() => policiesSource(db), [db]);
  const result = useSyncExternalStore(source.subscribe, source.snapshot);
  return useReadResult(result, 'tracker.error.policies');
}
