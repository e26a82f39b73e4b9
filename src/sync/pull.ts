import type { SupabaseClient } from '@supabase/supabase-js';
import {
  syncPullResponseSchema,
  type SyncChange,
  type SyncPullResponse,
  type SyncTable,
} from '@/domain/schemas';
import {
  META_LAST_PULLED_AT,
  META_PULL_CURSOR,
  serverRowKey,
  type OutboxEntry,
  type PolicyTypeRecord,
  type ServerRowRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import { noticeOverwrites, policiesWithOwnWrites } from './conflicts';
import { SyncRequestError } from './errors';
import { callSyncRpc, DEFAULT_REQUEST_TIMEOUT_MS } from './request';
import { newerServerRow, reconcile, serverSeqOf, type SyncRow } from './reconcile';
import {
  addToBatch,
  emptyBatch,
  mirrorTypes,
  recordIdOf,
  syncTables,
  pendingOpsOf,
  readLocalRows,
  writeBatch,
} from './rows';
import { applySharedLists, removeRevokedCopies, sharedTables } from './shared';

/** sync_pull returns at most 5000 changes per call. */
export const DEFAULT_PULL_PAGE = 2000;
/** sync_pull takes at most this many ranges of rows to leave out. */
export const MAX_SKIP_RANGES = 1000;

export interface PullReport {
  requests: number;
  changes: number;
  cursor: number;
}

export async function readCursor(db: TrackerDb): Promise<number> {
  const value = (await db.meta.get(META_PULL_CURSOR))?.value;
  return typeof value === 'number' ? value : 0;
}

/**
 * The server_seq ranges the device holds whole, as [first, last]: every seq in them is a row
 * version it stored. server_seq is one sequence across every table and each write takes a new
 * one, so a row at a seq in a range is that very version, and sync_pull may leave it out.
 * A push's new rows take consecutive seqs, so a batch is about one range. Beyond the limit
 * the longest are kept: leaving out fewer rows is always right.
 */
export function storedRanges(
  stored: ReadonlyMap<string, number>,
  limit = MAX_SKIP_RANGES,
): [number, number][] {
  const seqs = [...new Set(stored.values())].filter((seq) => seq > 0).sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const seq of seqs) {
    const last = ranges.at(-1);
    if (last && seq === last[1] + 1) last[1] = seq;
    else ranges.push([seq, seq]);
  }
  if (ranges.length <= limit) return ranges;
  return ranges
    .map((range, index) => ({ range, index }))
    .sort((a, b) => b.range[1] - b.range[0] - (a.range[1] - a.range[0]) || a.index - b.index)
    .slice(0, limit)
    .sort((a, b) => a.index - b.index)
    .map(({ range }) => range);
}

async function callPull(
  client: SupabaseClient,
  since: number,
  max: number,
  timeoutMs: number,
  skip: readonly [number, number][],
): Promise<SyncPullResponse> {
  const args = skip.length > 0 ? { since, max, skip } : { since, max };
  const { data, status } = await callSyncRpc(client, 'sync_pull', args, timeoutMs);
  const parsed = syncPullResponseSchema.safeParse(data);
  if (!parsed.success) {
    throw new SyncRequestError('protocol', 'The server answered sync_pull unexpectedly', status);
  }
  return parsed.data;
}

/**
 * Applies one page of changes in one transaction: each row becomes the server's known
 * copy, and the local row is rebuilt by reconcile() from it and the ops still waiting, so a
 * pending local edit is never overwritten. The cursor moves in the same transaction.
 */
export async function applyPullPage(
  db: TrackerDb,
  userId: string,
  page: SyncPullResponse,
  pulledAt: string,
  stored: ReadonlyMap<string, number> = new Map(),
): Promise<void> {
  // Rows of the owners whose policies are shared with the user come with their own.
  const sharedOwner = new Map(page.shared_policies.map((p) => [p.policy_id, p.owner_id]));
  const owners = new Set([userId, ...sharedOwner.values()]);
  const refused: string[] = [];
  await db.transaction('rw', [...syncTables(db), ...sharedTables(db)], async () => {
    await removeRevokedCopies(db, userId, page.shares);
    const outbox = await db.outbox.toArray();
    const pendingByKey = new Map<string, OutboxEntry[]>();
    for (const op of outbox.sort((a, b) => a.seq - b.seq)) {
      const key = serverRowKey(op.table, op.record_id);
      pendingByKey.set(key, [...(pendingByKey.get(key) ?? []), op]);
    }

    // The newest change per row: a page may in principle carry a row more than once.
    const latest = new Map<string, { table: SyncTable; recordId: string; row: SyncRow }>();
    for (const change of page.changes) {
      const recordId = recordIdOf(change.table, change.row);
      if (!recordId || !readable(change, userId, owners, sharedOwner)) continue;
      const key = serverRowKey(change.table, recordId);
      const prior = latest.get(key);
      if (!prior || serverSeqOf(change.row) >= serverSeqOf(prior.row)) {
        latest.set(key, { table: change.table, recordId, row: change.row });
      }
    }

    // Already absorbed from a push acknowledgement, with nothing pending since: the local row
    // is this version already. Right after a big push that is every row: those the push just
    // stored (`stored`, the user's own rows, whose copies nothing removes) are not even read,
    // and no local row of a current one is read or written.
    const unsettled = [...latest.entries()].flatMap(([key, entry]) => {
      const pending = pendingOpsOf(pendingByKey.get(key) ?? []);
      const justStored = stored.get(key) ?? -1;
      return justStored >= serverSeqOf(entry.row) && pending.length === 0
        ? []
        : [{ key, entry, pending }];
    });
    const knownRows = await db.serverRows.bulkGet(unsettled.map(({ key }) => key));
    const entries = unsettled.flatMap(({ key, entry, pending }, index) => {
      const known = knownRows[index];
      const current = (known?.server_seq ?? -1) >= serverSeqOf(entry.row) && pending.length === 0;
      return current ? [] : [{ key, entry, known: known?.row, pending }];
    });
    const locals = await readLocalRows(
      db,
      entries.map(({ entry }) => entry),
    );

    const ownWrites = await policiesWithOwnWrites(db);
    const shadows: ServerRowRecord[] = [];
    const batch = emptyBatch();
    for (const [index, { key, entry, known, pending }] of entries.entries()) {
      if (!sameOwner(entry, locals[index], known, userId, sharedOwner)) {
        refused.push(`${entry.table} ${entry.recordId}`);
        continue;
      }
      const newest = newerServerRow(known, entry.row);
      if (!newest) continue;
      if (newest !== known) {
        shadows.push({
          key,
          table: entry.table,
          record_id: entry.recordId,
          row: newest,
          server_seq: serverSeqOf(newest),
        });
      }
      if (entry.table === 'policies' && newest !== known && ownWrites.has(entry.recordId)) {
        await noticeOverwrites(db, entry.recordId, newest, pending);
      }
      const next = reconcile(entry.table, locals[index], newest, pending);
      const invalid = addToBatch(batch, entry.table, entry.recordId, next);
      if (invalid) {
        // Schemas mirror the SQL checks, so this is a bug; skip the row, keep the rest.
        console.error(`sync: ${entry.table} ${entry.recordId} failed validation: ${invalid}`);
      }
    }
    await writeBatch(db, batch);
    await db.serverRows.bulkPut(shadows);

    await replaceGlobalTypes(db, page.global_policy_types);
    await applySharedLists(db, userId, page);
    await db.meta.bulkPut([
      { key: META_PULL_CURSOR, value: page.cursor },
      { key: META_LAST_PULLED_AT, value: pulledAt },
    ]);
  });
  // Logged once the transaction is over: a console call inside it can let it commit early.
  for (const row of refused) console.error(`sync: ${row} came under another owner; skipped`);
}

const POLICY_CHILDREN: ReadonlySet<SyncTable> = new Set([
  'policy_members',
  'payments',
  'policy_documents',
]);

/**
 * RLS already restricts the pull to the caller's rows and those shared with them; a row of
 * anyone else would be a server bug, and must not land in this user's database. Another
 * owner's policy, and its links, payments and documents, come only with the policy listed in
 * the same page's shared_policies under that owner: nothing else would ever remove them.
 */
function readable(
  change: SyncChange,
  userId: string,
  owners: ReadonlySet<string>,
  sharedOwner: ReadonlyMap<string, string>,
): boolean {
  const owner = change.row.user_id;
  if (typeof owner !== 'string' || !owners.has(owner)) return false;
  if (owner === userId) return true;
  if (change.table === 'policies') return sharedOwner.get(String(change.row.id)) === owner;
  if (POLICY_CHILDREN.has(change.table)) {
    return sharedOwner.get(String(change.row.policy_id)) === owner;
  }
  return true;
}

/**
 * A row never changes owner. One the device holds (or last heard of from the server) under
 * another user_id than the page's is refused, so a wrong page cannot turn the user's own
 * policy into a "shared" one that the next list then deletes with its unsent work and files.
 * The one owner change that is real: a payment an editor recorded on a shared policy is
 * stored under the user on the device until the server's answer names the policy's owner.
 */
function sameOwner(
  entry: { table: SyncTable; row: SyncRow },
  local: SyncRow | undefined,
  known: SyncRow | undefined,
  userId: string,
  sharedOwner: ReadonlyMap<string, string>,
): boolean {
  const owner = entry.row.user_id;
  if (known !== undefined && known.user_id !== owner) return false;
  if (local === undefined || local.user_id === owner) return true;
  return (
    entry.table === 'payments' &&
    known === undefined &&
    local.user_id === userId &&
    sharedOwner.get(String(entry.row.policy_id)) === owner
  );
}

/** Global types come complete on every pull and leave no tombstones: mirror the list. */
async function replaceGlobalTypes(db: TrackerDb, types: PolicyTypeRecord[]): Promise<void> {
  await mirrorTypes(db, (t) => t.user_id === null, types);
}

export interface PullOptions {
  pageSize?: number;
  /**
   * PushReport.stored of the push just before: rows known current without reading them, and
   * which the server is told to leave out (storedRanges).
   */
  stored?: ReadonlyMap<string, number>;
  now?: () => Date;
  timeoutMs?: number;
  onRequest?: () => void;
}

/**
 * Pulls every change after the stored cursor, page by page. The next page is asked for as soon
 * as a page arrives (its `since` is that page's cursor), so the server builds it while this one
 * is applied (issue 22: a first pull of many pages). Pages are still applied one at a time in
 * their order, each with its cursor in its own transaction. When an apply fails, the page asked
 * for meanwhile is dropped unread; when a request fails, the pages applied before it stay, and
 * so does the cursor they left: the next pull starts there.
 */
export async function pullChanges(
  db: TrackerDb,
  client: SupabaseClient,
  userId: string,
  options: PullOptions = {},
): Promise<PullReport> {
  const {
    pageSize = DEFAULT_PULL_PAGE,
    now = () => new Date(),
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    onRequest,
    stored,
  } = options;
  const report: PullReport = { requests: 0, changes: 0, cursor: await readCursor(db) };
  const skip = stored ? storedRanges(stored) : [];
  const ask = (since: number): Promise<SyncPullResponse> => {
    onRequest?.();
    report.requests += 1;
    const answer = callPull(client, since, pageSize, timeoutMs, skip);
    // Awaited only once the page before it is applied; if that apply fails it never is, and
    // its failure must not surface as an unhandled rejection.
    answer.catch(() => undefined);
    return answer;
  };
  let next = ask(report.cursor);
  for (;;) {
    const page = await next;
    const more = page.has_more && page.cursor > report.cursor;
    if (more) next = ask(page.cursor);
    await applyPullPage(db, userId, page, now().toISOString(), stored);
    report.changes += page.changes.length;
    report.cursor = page.cursor;
    if (!more) return report;
  }
}
