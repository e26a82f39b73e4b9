import { openTrackerDb } from '@/db/tracker-db';
import { prefetchPolicies } from './live-policies';

/**
 * The dashboard's store read, started by the tracker's guard for the user the device has a
 * stored session for, while that session is checked. Loaded on its own (Dexie and the sync
 * code), so the routes' first download does not carry it. Settles once the list is read.
 */
export function prefetchDashboard(userId: string): Promise<void> {
  return prefetchPolicies(openTrackerDb(userId));
}
