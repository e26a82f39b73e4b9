import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { META_LAST_PULLED_AT } from '@/db/tracker-db';
import type { SyncStatus } from '@/sync';
import { useTracker } from '../tracker-context';
import { useBrowserOnline } from './use-browser-online';
import { useSyncStatus } from './use-sync-status';

export interface TrackerStatus {
  /** The sync engine's status, offline too whenever the browser says so. */
  status: SyncStatus;
  /** The browser's own flag (the site's offline banner already says so while false). */
  browserOnline: boolean;
  /**
   * This device has never finished downloading the user's policies and is still trying: an
   * empty store (or a policy missing from it) means "not here yet", not "none".
   */
  awaitingFirstSync: boolean;
}

/** What the tracker's screens show about sync, and whether their data can be trusted yet. */
export function useTrackerStatus(): TrackerStatus {
  const { db, sync } = useTracker();
  const engineStatus = useSyncStatus(sync.status);
  const browserOnline = useBrowserOnline();
  const status = useMemo(
    () => (browserOnline ? engineStatus : { ...engineStatus, online: false }),
    [engineStatus, browserOnline],
  );
  // null while reading; then whether this device has ever completed a download.
  const everPulled = useLiveQuery(
    async () => (await db.meta.get(META_LAST_PULLED_AT)) !== undefined,
    [db],
    null,
  );
  const awaitingFirstSync =
    everPulled === null ||
    (!everPulled && status.online && !status.lastError && !status.needsSignIn);
  return { status, browserOnline, awaitingFirstSync };
}
