import type { SupabaseClient } from '@supabase/supabase-js';
import { messageRef } from '@/domain/message';
import {
  syncPushResponseSchema,
  type SyncOp,
  type SyncResult,
  type SyncTable,
} from '@/domain/schemas';
import {
  META_OUTBOX_CLAIMED,
  serverRowKey,
  type OutboxEntry,
  type ServerRowRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import { noticeEditOfDeleted, noticeOverwrites, policiesWithOwnWrites } from './conflicts';
import { SyncRequestError } from './errors';
import { lockHeldAcrossTabs } from './lock';
import { callSyncRpc, DEFAULT_REQUEST_TIMEOUT_MS } from './request';
import { newerServerRow, reconcile, serverSeqOf, type SyncRow } from './reconcile';
import {
  addToBatch,
  emptyBatch,
  handedToNetwork,
  isShareRefusal,
  opsFor,
  pendingOpsOf,
  readClaimedThrough,
  readLocalRows,
  syncTables,
  writeBatch,
} from './rows';

/** sync_push takes at most 1000 ops per call; half that keeps requests and locks short. */
export const DEFAULT_PUSH_BATCH = 500;
/**
 * The local server, like Supabase's API gateway, refuses bodies over 1 MiB. Half of it leaves
 * room for headers and for the server counting differently; one op is at most a few KB (the
 * longest text, 2000 characters of Hindi, is 6 KB), so a batch is never one op for lack of room.
 */
export const DEFAULT_PUSH_BYTES = 512 * 1024;

export interface PushOptions {
  /** Ops per request. */
  batchSize?: number;
  /** UTF-8 bytes of a request body, at most (one op alone may be larger). */
  maxBatchBytes?: number;
  timeoutMs?: number;
  onRequest?: () => void;
}

export interface PushReport {
  requests: number;
  acknowledged: number;
  rejected: number;
  /**
   * The user's own rows whose server copy an answer stored, by serverRowKey, with its
   * server_seq: the pull that follows finds them current without reading them again.
   */
  stored: Map<string, number>;
}

export function toSyncOp(entry: OutboxEntry): SyncOp {
  switch (entry.kind) {
    case 'upsert':
      return { op_id: entry.op_id, table: entry.table, kind: 'upsert', row: entry.row };
    case 'delete':
      return { op_id: entry.op_id, table: entry.table, kind: 'delete', row: entry.row };
    case 'restore':
      if (entry.table !== 'policies') throw new Error(`Malformed restore op ${entry.op_id}`);
      return { op_id: entry.op_id, table: 'policies', kind: 'restore', id: entry.record_id };
    case 'renew':
      if (entry.table !== 'policies' || entry.renewed_from === undefined) {
        throw new Error(`Malformed renew op ${entry.op_id}`);
      }
      return {
        op_id: entry.op_id,
        table: 'policies',
        kind: 'renew',
        id: entry.record_id,
        renewed_from: entry.renewed_from,
      };
  }
}

const encoder = new TextEncoder();
/** The `{"ops":[]}` around the ops. */
const BODY_OVERHEAD = 10;

function byteSize(op: SyncOp): number {
  // +1 for the comma between ops.
  return encoder.encode(JSON.stringify(op)).length + 1;
}

/**
 * The first `limit` pending ops by seq, not in `skip`. Read in slices of a plain key range
 * (one request each): a filter makes Dexie step a cursor, one request per op.
 */
async function pendingInOrder(
  db: TrackerDb,
  limit: number,
  skip: ReadonlySet<string>,
): Promise<OutboxEntry[]> {
  const found: OutboxEntry[] = [];
  let after = -Infinity;
  for (;;) {
    const slice = await db.outbox.where('seq').above(after).limit(limit).toArray();
    for (const op of slice) {
      if (op.status === 'pending' && !skip.has(op.op_id)) found.push(op);
      if (found.length === limit) return found;
    }
    const last = slice.at(-1);
    if (!last || slice.length < limit) return found;
    after = last.seq;
  }
}

interface Claimed {
  batch: OutboxEntry[];
  /** Whether an op of the batch goes to the network for the first time. */
  firstSend: (entry: OutboxEntry) => boolean;
}

/**
 * Takes the next batch of pending ops, bounded by count and body size, and records the claim
 * in the same transaction (before the batch goes out): from then on the repo treats them as
 * possibly applied and no longer merges edits into them. The claim is one mark in `meta`,
 * not a write of each op: a batch is always the first pending ops by seq (the ops skipped
 * below it were claimed already, or refused), so every op at or below the mark was sent.
 */
async function claimBatch(
  db: TrackerDb,
  limit: number,
  maxBytes: number,
  skip: Set<string>,
): Promise<Claimed> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const candidates = await pendingInOrder(db, limit, skip);
    const batch: OutboxEntry[] = [];
    let bytes = BODY_OVERHEAD;
    for (const op of candidates) {
      const size = byteSize(toSyncOp(op));
      if (batch.length > 0 && bytes + size > maxBytes) break;
      batch.push(op);
      bytes += size;
    }
    const last = batch.at(-1);
    const claimedBefore = await readClaimedThrough(db);
    // A refused op sent again keeps its seq, which may be below the mark already.
    if (last && last.seq > claimedBefore) {
      await db.meta.put({ key: META_OUTBOX_CLAIMED, value: last.seq });
    }
    // Without Web Locks (Safari before 15.4) another tab may pull while this one pushes, and
    // could store a newer copy before the answer: then every answer compares.
    const alone = lockHeldAcrossTabs();
    return { batch, firstSend: (entry) => alone && !handedToNetwork(entry, claimedBefore) };
  });
}

async function callPush(
  client: SupabaseClient,
  ops: SyncOp[],
  timeoutMs: number,
): Promise<SyncResult[]> {
  const { data, status } = await callSyncRpc(client, 'sync_push', { ops }, timeoutMs);
  const parsed = syncPushResponseSchema.safeParse(data);
  if (!parsed.success || parsed.data.length !== ops.length) {
    throw new SyncRequestError('protocol', 'The server answered sync_push unexpectedly', status);
  }
  return parsed.data;
}

interface Answered {
  table: SyncTable;
  recordId: string;
  /** The server's row in its answer (null when it sent none). */
  incoming: SyncRow | null;
  /**
   * The answer is to an op this request brought to the server for the first time, so its row
   * is the server's as the op left it: no copy the device holds can be newer (one flusher at
   * a time, and a pull only after the push), and the stored copy need not be read.
   */
  firstAnswer?: boolean;
}

/**
 * Stores newer server copies of rows and rebuilds each local row from its copy and the ops
 * still waiting. Reads and writes go in bulk; each row at most once in `answers`. `queued`,
 * when the caller has read them, are each row's ops still in the outbox.
 */
async function absorbServerRows(
  db: TrackerDb,
  answers: readonly Answered[],
  queued?: readonly (readonly OutboxEntry[])[],
): Promise<[string, number][]> {
  if (answers.length === 0) return [];
  const keys = answers.map((a) => serverRowKey(a.table, a.recordId));
  const toRead = answers.flatMap((a, index) => (a.firstAnswer && a.incoming ? [] : [index]));
  const read = await db.serverRows.bulkGet(toRead.map((index) => keys[index] ?? ''));
  const known: (ServerRowRecord | undefined)[] = new Array(answers.length);
  toRead.forEach((answerIndex, i) => {
    known[answerIndex] = read[i];
  });
  // One key lookup per row, sent together: `anyOf` would walk a cursor instead.
  const ops = queued ?? (await Promise.all(answers.map((a) => opsFor(db, a.table, a.recordId))));
  const newest = answers.map((answer, index) => newerServerRow(known[index]?.row, answer.incoming));
  const pending = ops.map((rowOps) => pendingOpsOf(rowOps ?? []));
  // reconcile() replays the pending ops on the server's copy when there is one; the local
  // row counts only where the server has none and ops are left to replay on it.
  const needLocal = answers.flatMap((_, index) =>
    newest[index] === null && (pending[index]?.length ?? 0) > 0 ? [index] : [],
  );
  const found = await readLocalRows(
    db,
    needLocal.flatMap((index) => answers[index] ?? []),
  );
  const locals = new Map(needLocal.map((answerIndex, i) => [answerIndex, found[i]]));
  const ownWrites = await policiesWithOwnWrites(db);
  const shadows: ServerRowRecord[] = [];
  const stored: [string, number][] = [];
  const batch = emptyBatch();
  for (const [index, answer] of answers.entries()) {
    const key = keys[index] ?? '';
    const knownRow = known[index]?.row;
    const newestRow = newest[index] ?? null;
    const rowPending = pending[index] ?? [];
    if (newestRow?.user_id === db.userId) stored.push([key, serverSeqOf(newestRow)]);
    if (newestRow && newestRow !== knownRow) {
      shadows.push({
        key,
        table: answer.table,
        record_id: answer.recordId,
        row: newestRow,
        server_seq: serverSeqOf(newestRow),
      });
    }
    if (
      answer.table === 'policies' &&
      newestRow &&
      newestRow !== knownRow &&
      ownWrites.has(answer.recordId)
    ) {
      await noticeOverwrites(db, answer.recordId, newestRow, rowPending);
    }
    const next = reconcile(answer.table, locals.get(index), newestRow, rowPending);
    if (addToBatch(batch, answer.table, answer.recordId, next)) {
      console.error(`sync: the server's ${answer.table} row ${answer.recordId} failed validation`);
    }
  }
  await db.serverRows.bulkPut(shadows);
  await writeBatch(db, batch);
  return stored;
}

/** Stores a newer server copy of a row and rebuilds the local row from it. */
export async function absorbServerRow(
  db: TrackerDb,
  entry: Pick<OutboxEntry, 'table' | 'record_id'>,
  incoming: SyncRow | null,
): Promise<void> {
  await absorbServerRows(db, [{ table: entry.table, recordId: entry.record_id, incoming }]);
}

/**
 * A link is in or out, and its last op says which. Once a later op of a link has landed, an
 * earlier one the server refused (and so never recorded) says nothing any more; kept, it
 * would still count as the link's pending intent and, sent again after a member merge, undo
 * the later one (a removed member coming back).
 */
async function dropSupersededLinkOps(db: TrackerDb, entry: OutboxEntry): Promise<void> {
  const earlier = (await opsFor(db, entry.table, entry.record_id)).filter(
    (op) => op.status === 'failed' && op.seq < entry.seq,
  );
  await db.outbox.bulkDelete(earlier.map((op) => op.op_id));
}

async function applyResults(
  db: TrackerDb,
  batch: OutboxEntry[],
  results: SyncResult[],
  firstSend: (entry: OutboxEntry) => boolean,
): Promise<{ acknowledged: number; rejected: number; stored: [string, number][] }> {
  let acknowledged = 0;
  let rejected = 0;
  let stored: [string, number][] = [];
  const opsPerRow = new Map<string, number>();
  const firstOfRow = new Map<string, OutboxEntry>();
  for (const entry of batch) {
    const key = serverRowKey(entry.table, entry.record_id);
    opsPerRow.set(key, (opsPerRow.get(key) ?? 0) + 1);
    if (!firstOfRow.has(key)) firstOfRow.set(key, entry);
  }
  await db.transaction('rw', syncTables(db), async () => {
    // The ops still queued for each row of the batch, one key lookup per row sent together:
    // they say which of the batch's ops are still there (a revoked share or a deleted policy
    // can take them while the request is out) and what is left to replay once they go.
    const rowKeys = [...opsPerRow.keys()];
    const rowOps = await Promise.all(
      rowKeys.map((key) => {
        const entry = firstOfRow.get(key);
        return entry ? opsFor(db, entry.table, entry.record_id) : [];
      }),
    );
    const queuedByRow = new Map(rowKeys.map((key, index) => [key, rowOps[index] ?? []]));
    const queuedIds = new Set(rowOps.flat().map((op) => op.op_id));
    // Most answers are a row's only op in the batch, applied without a notice to leave: their
    // ops leave and their rows are absorbed in bulk. Everything else goes one by one below.
    const plain: OutboxEntry[] = [];
    const plainRows: Answered[] = [];
    const plainQueued: OutboxEntry[][] = [];
    const others: [OutboxEntry, SyncResult][] = [];
    for (const [index, entry] of batch.entries()) {
      const result = results[index];
      if (!result || (result.op_id !== null && result.op_id !== entry.op_id)) continue;
      if (!queuedIds.has(entry.op_id)) continue;
      const rowKey = serverRowKey(entry.table, entry.record_id);
      const alone = opsPerRow.get(rowKey) === 1;
      const editOfDeleted =
        entry.table === 'policies' && entry.kind !== 'delete' && result.code === 'ignored_deleted';
      if (
        alone &&
        result.status !== 'rejected' &&
        entry.table !== 'policy_members' &&
        !editOfDeleted
      ) {
        plain.push(entry);
        plainRows.push({
          table: entry.table,
          recordId: entry.record_id,
          incoming: result.row,
          firstAnswer: firstSend(entry),
        });
        plainQueued.push((queuedByRow.get(rowKey) ?? []).filter((op) => op.op_id !== entry.op_id));
      } else {
        others.push([entry, result]);
      }
    }
    acknowledged += plain.length;
    await db.outbox.bulkDelete(plain.map((entry) => entry.op_id));
    stored = await absorbServerRows(db, plainRows, plainQueued);

    for (const [entry, result] of others) {
      const stillQueued = await db.outbox.get(entry.op_id);
      if (!stillQueued) continue;
      if (result.status === 'rejected') {
        rejected += 1;
        const code = result.code ?? undefined;
        await db.outbox.put({
          ...stillQueued,
          status: 'failed',
          // The server's own words when it gave any (said by their code on the screen).
          last_error: result.message ?? messageRef('tracker.sync.reason.refused'),
          ...(code ? { last_error_code: code } : {}),
        });
        // The user's role can never allow it: the row shows the server's values again, and
        // the refusal stays listed until dismissed.
        if (isShareRefusal(code)) await absorbServerRow(db, entry, null);
        continue;
      }
      acknowledged += 1;
      await db.outbox.delete(entry.op_id);
      if (entry.table === 'policy_members') await dropSupersededLinkOps(db, entry);
      if (
        entry.table === 'policies' &&
        entry.kind !== 'delete' &&
        result.code === 'ignored_deleted'
      ) {
        await noticeEditOfDeleted(db, entry.record_id, result.row);
      }
      await absorbServerRow(db, entry, result.row);
    }
  });
  return { acknowledged, rejected, stored };
}

/** An op the server refused for size even alone: resending it can never pass. */
async function failTooLarge(db: TrackerDb, entry: OutboxEntry, error: SyncRequestError) {
  const kb = Math.ceil(byteSize(toSyncOp(entry)) / 1024);
  await db.outbox.update(entry.op_id, {
    status: 'failed',
    last_error: messageRef('tracker.sync.reason.tooLarge', { kb }),
    ...(error.code ? { last_error_code: error.code } : {}),
  });
}

/** What an answer leaves to do on the device (the ops leave, rows absorbed), run in order. */
type Bookkeeping = () => Promise<void>;
type Send = (batch: OutboxEntry[], firstSend: Claimed['firstSend']) => Promise<Bookkeeping>;

/** Sends a batch; one the server finds too large goes again in halves, in order. */
function sender(
  db: TrackerDb,
  client: SupabaseClient,
  options: Required<Pick<PushOptions, 'timeoutMs'>> & Pick<PushOptions, 'onRequest'>,
  report: PushReport,
): Send {
  const send: Send = async (batch, firstSend) => {
    report.requests += 1;
    options.onRequest?.();
    let results: SyncResult[];
    try {
      results = await callPush(client, batch.map(toSyncOp), options.timeoutMs);
    } catch (error) {
      if (!(error instanceof SyncRequestError) || error.kind !== 'too_large') throw error;
      const [only] = batch;
      if (batch.length === 1 && only) {
        return async () => {
          await failTooLarge(db, only, error);
          report.rejected += 1;
        };
      }
      const half = Math.ceil(batch.length / 2);
      const first = await send(batch.slice(0, half), firstSend);
      let second: Bookkeeping;
      try {
        second = await send(batch.slice(half), firstSend);
      } catch (failure) {
        // The first half was answered: its answers are stored whatever became of the second.
        await first();
        throw failure;
      }
      return async () => {
        await first();
        await second();
      };
    }
    return async () => {
      const counts = await applyResults(db, batch, results, firstSend);
      report.acknowledged += counts.acknowledged;
      report.rejected += counts.rejected;
      // Only once the answers' transaction committed: the pull then trusts these copies.
      for (const [key, seq] of counts.stored) report.stored.set(key, seq);
    };
  };
  return send;
}

/**
 * Sends every pending op, oldest first, in batches. An op leaves the outbox only once the
 * server answered it; a refused one is marked failed and the rest go on. Throws a
 * SyncRequestError when a request fails as a whole (nothing is lost: the ops stay).
 */
export async function pushOutbox(
  db: TrackerDb,
  client: SupabaseClient,
  options: PushOptions = {},
): Promise<PushReport> {
  const {
    batchSize = DEFAULT_PUSH_BATCH,
    maxBatchBytes = DEFAULT_PUSH_BYTES,
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    onRequest,
  } = options;
  const report: PushReport = { requests: 0, acknowledged: 0, rejected: 0, stored: new Map() };
  const send = sender(db, client, { timeoutMs, onRequest }, report);
  // Ops answered oddly (no matching result) stay pending but are not resent in this round.
  const seen = new Set<string>();
  // Each batch is claimed before the previous answer is stored, then sent while it is: the
  // device's bookkeeping no longer waits for the network, nor the network for it. The server
  // still gets the batches one after another, and the answers are stored in their order.
  let previous: Bookkeeping = () => Promise.resolve();
  for (;;) {
    let claimed: Claimed;
    try {
      claimed = await claimBatch(db, batchSize, maxBatchBytes, seen);
    } catch (error) {
      await previous();
      throw error;
    }
    const { batch, firstSend } = claimed;
    if (batch.length === 0) {
      await previous();
      return report;
    }
    for (const op of batch) seen.add(op.op_id);
    // Both settle first: an answer received is stored even when the next request fails (as
    // when the next claim fails, above).
    const [sent, stored] = await Promise.allSettled([send(batch, firstSend), previous()]);
    if (stored.status === 'rejected') throw stored.reason;
    if (sent.status === 'rejected') throw sent.reason;
    previous = sent.value;
  }
}
