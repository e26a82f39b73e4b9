import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { openTrackerDb, type TrackerDb } from '@/db/tracker-db';
import { useIdleAfterLoad } from '@/lib/client-only';
import { remindsAbout } from '@/domain/policy';
import { dueItems, type DueItem, type DuePolicyInput } from './due-items';
import { useLocalToday } from './use-local-today';

async function readDueInputs(db: TrackerDb): Promise<DuePolicyInput[]> {
  // Whole tables filtered here: Dexie's filter() walks a cursor, one request per row, and this
  // runs beside the dashboard's own read on every change of the store.
  const [allPolicies, allTypes, shares] = await Promise.all([
    db.policies.toArray(),
    db.policyTypes.toArray(),
    db.shares.toArray(),
  ]);
  const policies = allPolicies.filter((p) => p.deleted_at === null);
  const types = allTypes.filter((t) => t.deleted_at === null);
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  // Shared policies only with their reminders turned on (issue 18).
  const reminded = policies.filter((p) => remindsAbout(p, db.userId, shares));
  return reminded.map((p) => ({
    id: p.id,
    insurer_name: p.insurer_name,
    policy_number: p.policy_number,
    next_renewal_date: p.next_renewal_date,
    typeName: p.policy_type_id ? (typeNames.get(p.policy_type_id) ?? null) : null,
    typeId: p.policy_type_id,
  }));
}

/**
 * The signed-in user's due reminders from their local store: recomputed when policies change
 * and when the user returns to the tab. undefined while the store is being read, and until the
 * page has loaded and the browser is idle: the header's count is no one's first concern, and on
 * the installed app's cold open its read of every policy (and the work on each) came between
 * the dashboard's own batches of cards (issue 22; six pairs back to back, all cards 48 ms
 * sooner at the median).
 */
export function useDueItems(userId: string): DueItem[] | undefined {
  const db = useMemo(() => openTrackerDb(userId), [userId]);
  const today = useLocalToday();
  const idle = useIdleAfterLoad();
  const inputs = useLiveQuery(() => (idle ? readDueInputs(db) : undefined), [db, idle]);
  return useMemo(() => (inputs ? dueItems(inputs, today) : undefined), [inputs, today]);
}
