import type { SupabaseClient } from '@supabase/supabase-js';
import { syncPushResponseSchema, type SyncOp, type SyncResult } from '@/domain/schemas';
import { serverRowKey, type OutboxEntry, type TrackerDb } from '@/db/tracker-db';
import { classifyRpcFailure, SyncRequestError } from './errors';
import { newerServerRow, reconcile, serverSeqOf, type SyncRow } from './reconcile';
import { opsFor, readLocal, readServerRow, syncTables, toPendingOp, writeLocal } from './rows';

/** sync_push takes at most 1000 ops per call; half that keeps requests and locks short. */
export const DEFAULT_PUSH_BATCH = 500;

export interface PushReport {
  requests: number;
  acknowledged: number;
  rejected: number;
}

export function toSyncOp(entry: OutboxEntry): SyncOp {
  switch (entry.kind) {
    case 'upsert':
      return { op_id: entry.op_id, table: entry.table, kind: 'upsert', row: entry.row };
    case 'delete':
      return { op_id: entry.op_id, table: entry.table, kind: 'delete', row: entry.row };
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

/**
 * Takes the next batch of pending ops and counts the attempt in the same transaction: from
 * then on the repo treats them as possibly applied and no longer merges edits into them.
 */
async function claimBatch(db: TrackerDb, limit: number, skip: Set<string>): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const batch = await db.outbox
      .orderBy('seq')
      .filter((op) => op.status === 'pending' && !skip.has(op.op_id))
      .limit(limit)
      .toArray();
    for (const op of batch) op.attempts += 1;
    await db.outbox.bulkPut(batch);
    return batch;
  });
}

async function callPush(client: SupabaseClient, ops: SyncOp[]): Promise<SyncResult[]> {
  const { data, error, status } = await client.rpc('sync_push', { ops });
  if (error) throw classifyRpcFailure(status, error);
  const parsed = syncPushResponseSchema.safeParse(data);
  if (!parsed.success || parsed.data.length !== ops.length) {
    throw new SyncRequestError('protocol', 'The server answered sync_push unexpectedly', status);
  }
  return parsed.data;
}

/** Stores a newer server copy of a row and rebuilds the local row from it. */
export async function absorbServerRow(
  db: TrackerDb,
  entry: Pick<OutboxEntry, 'table' | 'record_id'>,
  incoming: SyncRow | null,
): Promise<void> {
  const known = await readServerRow(db, entry.table, entry.record_id);
  const newest = newerServerRow(known, incoming);
  if (newest && newest !== known) {
    await db.serverRows.put({
      key: serverRowKey(entry.table, entry.record_id),
      table: entry.table,
      record_id: entry.record_id,
      row: newest,
      server_seq: serverSeqOf(newest),
    });
  }
  const local = await readLocal(db, entry.table, entry.record_id);
  const pending = (await opsFor(db, entry.table, entry.record_id)).map(toPendingOp);
  const next = reconcile(entry.table, local, newest, pending);
  if (!(await writeLocal(db, entry.table, entry.record_id, next))) {
    console.error(`sync: the server's ${entry.table} row ${entry.record_id} failed validation`);
  }
}

async function applyResults(
  db: TrackerDb,
  batch: OutboxEntry[],
  results: SyncResult[],
): Promise<{ acknowledged: number; rejected: number }> {
  let acknowledged = 0;
  let rejected = 0;
  await db.transaction('rw', syncTables(db), async () => {
    for (const [index, entry] of batch.entries()) {
      const result = results[index];
      if (!result || (result.op_id !== null && result.op_id !== entry.op_id)) continue;
      const current = await db.outbox.get(entry.op_id);
      if (!current) continue;
      if (result.status === 'rejected') {
        rejected += 1;
        await db.outbox.put({
          ...current,
          status: 'failed',
          last_error: result.message ?? 'The server refused this change',
          ...(result.code ? { last_error_code: result.code } : {}),
        });
        continue;
      }
      acknowledged += 1;
      await db.outbox.delete(entry.op_id);
      await absorbServerRow(db, entry, result.row);
    }
  });
  return { acknowledged, rejected };
}

/**
 * Sends every pending op, oldest first, in batches. An op leaves the outbox only once the
 * server answered it; a refused one is marked failed and the rest go on. Throws a
 * SyncRequestError when a request fails as a whole (nothing is lost: the ops stay).
 */
export async function pushOutbox(
  db: TrackerDb,
  client: SupabaseClient,
  batchSize = DEFAULT_PUSH_BATCH,
  onRequest?: () => void,
): Promise<PushReport> {
  const report: PushReport = { requests: 0, acknowledged: 0, rejected: 0 };
  // Ops answered oddly (no matching result) stay pending but are not resent in this round.
  const seen = new Set<string>();
  for (;;) {
    const batch = await claimBatch(db, batchSize, seen);
    if (batch.length === 0) return report;
    for (const op of batch) seen.add(op.op_id);
    report.requests += 1;
    onRequest?.();
    const results = await callPush(client, batch.map(toSyncOp));
    const counts = await applyResults(db, batch, results);
    report.acknowledged += counts.acknowledged;
    report.rejected += counts.rejected;
  }
}
