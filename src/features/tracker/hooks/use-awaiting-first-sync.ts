import { useLiveQuery } from 'dexie-react-hooks';
import { META_LAST_PULLED_AT, type TrackerDb } from '@/db/tracker-db';
import type { SyncStatus } from '@/sync';

/**
 * Whether an empty store may only mean the first download has not finished: true while the
 * store is being read, and while this device has never completed a pull and one can still
 * come (online, no error, signed in). Screens then say "Loading" rather than "No policies".
 */
export function useAwaitingFirstSync(db: TrackerDb, status: SyncStatus): boolean {
  // null while reading; then whether this device has ever completed a download.
  const everPulled = useLiveQuery(
    async () => (await db.meta.get(META_LAST_PULLED_AT)) !== undefined,
    [db],
    null,
  );
  return (
    everPulled === null ||
    (!everPulled && status.online && !status.lastError && !status.needsSignIn)
  );
}
