import { nextRenewalAfter, type RenewalFrequency } from '@/domain/policy';
import { renewalFrequencySchema, type SyncTable } from '@/domain/schemas';

/**
 * The one conflict rule of the local store. Given the current local row, the newest copy of
 * the row the server has sent (pull or acknowledgement) and the ops still in the outbox for
 * that row (in send order), it decides what the device shows. It replays the pending ops on
 * the server's copy with the same rules sync_push applies them with, so what the screen
 * shows now is what the server will hold once those ops land (unless another device writes
 * in between, and then the next pull settles it the same way everywhere).
 *
 * Tie-breaks, in order:
 *  1. A server tombstone of a policy, person or type wins over everything local: delete wins,
 *     the server answers pending upserts and renewals of it with 'ignored_deleted'. The one
 *     exception is a pending restore of a policy, which replays as "not deleted".
 *  2. policy_members are a set: the last pending op on a link decides (adding a link again
 *     after the server removed it creates it again); without one the server's copy decides.
 *  3. Pending ops replay on the server's copy, or on the local row when the server has none
 *     yet: upsert overwrites the fields it carries (per-field last write wins, the device's
 *     unsent write being the last); renew advances next_renewal_date one period only while
 *     it still equals renewed_from (so a renewal the server already applied or another
 *     device beat is not applied twice); delete tombstones.
 *  4. No pending ops: the server's copy as it is. A local row the server has never seen and
 *     nothing left to send has nowhere to come from, so it goes.
 *
 * Returns the row to store, or null to remove the local copy. Pure and deterministic.
 */

export type SyncRow = Record<string, unknown>;

export interface PendingOp {
  kind: 'upsert' | 'delete' | 'renew' | 'restore';
  row: SyncRow;
  renewed_from?: string;
  created_at: string;
}

/** Written by the server only; an upsert's copy of them never overrides the server's. */
const SERVER_OWNED = new Set([
  'user_id',
  'server_seq',
  'created_at',
  'updated_at',
  'deleted_at',
  'storage_path',
]);

export function reconcile(
  table: SyncTable,
  local: SyncRow | undefined,
  remote: SyncRow | null | undefined,
  pending: readonly PendingOp[],
): SyncRow | null {
  if (table === 'policy_members') return reconcileLink(local, remote, pending);

  // Only an explicit restore (within 30 days; the server decides) takes a tombstone back.
  if (remote && isDeleted(remote) && !pending.some((op) => op.kind === 'restore')) return null;
  if (pending.length === 0) return remote ?? null;

  let row: SyncRow | null = remote ? { ...remote } : local ? { ...local } : null;
  for (const op of pending) {
    if (!row) {
      // Nothing to replay on: only a full create could start one, and the repo always keeps
      // the local row of a create, so this is a row that was never there.
      return null;
    }
    row = replay(row, op);
  }
  return row;
}

function reconcileLink(
  local: SyncRow | undefined,
  remote: SyncRow | null | undefined,
  pending: readonly PendingOp[],
): SyncRow | null {
  const last = pending.at(-1);
  if (!last) return remote && !isDeleted(remote) ? remote : null;
  const base: SyncRow = { ...(remote ?? local ?? last.row) };
  if (last.kind === 'delete') {
    return { ...base, deleted_at: isDeleted(base) ? base.deleted_at : last.created_at };
  }
  return { ...base, ...writable(last.row), deleted_at: null };
}

function replay(row: SyncRow, op: PendingOp): SyncRow {
  if (op.kind === 'restore') return { ...row, deleted_at: null };
  if (isDeleted(row)) return row;
  switch (op.kind) {
    case 'upsert':
      return { ...row, ...writable(op.row) };
    case 'delete':
      return { ...row, deleted_at: op.created_at };
    case 'renew': {
      const current = row.next_renewal_date;
      const start = row.start_date;
      const frequency = renewalFrequencySchema.safeParse(row.renewal_frequency);
      if (
        typeof current !== 'string' ||
        typeof start !== 'string' ||
        current !== op.renewed_from ||
        !frequency.success
      ) {
        return row;
      }
      return {
        ...row,
        next_renewal_date: nextRenewalAfter({
          start_date: start,
          next_renewal_date: current,
          renewal_frequency: frequency.data as RenewalFrequency,
        }),
      };
    }
  }
}

function writable(fields: SyncRow): SyncRow {
  const out: SyncRow = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!SERVER_OWNED.has(key)) out[key] = value;
  }
  return out;
}

export function isDeleted(row: SyncRow): boolean {
  return row.deleted_at !== null && row.deleted_at !== undefined;
}

export function serverSeqOf(row: SyncRow | null | undefined): number {
  const seq = row?.server_seq;
  return typeof seq === 'number' ? seq : -1;
}

/**
 * Of two copies of a row from the server, the later one. server_seq grows with every write
 * in commit order, so a stale copy (the stored answer of a replayed op, a slow response)
 * never replaces a newer one. Equal numbers are the same version; the incoming one is kept.
 */
export function newerServerRow(
  known: SyncRow | null | undefined,
  incoming: SyncRow | null | undefined,
): SyncRow | null {
  if (!incoming) return known ?? null;
  if (!known) return incoming;
  return serverSeqOf(incoming) >= serverSeqOf(known) ? incoming : known;
}
