import type { IndexableType, Table } from 'dexie';
import { dequal } from 'dequal/lite';
import type { z } from 'zod';
import {
  paymentSchema,
  personSchema,
  policyDocumentSchema,
  policyMemberSchema,
  policySchema,
  policyTypeSchema,
  shareErrorCodes,
  syncTables as syncTableNames,
  type SyncTable,
} from '@/domain/schemas';
import {
  META_OUTBOX_CLAIMED,
  memberKey,
  serverRowKey,
  type OutboxEntry,
  type PaymentRecord,
  type PersonRecord,
  type PolicyDocumentRecord,
  type PolicyMemberRecord,
  type PolicyRecord,
  type PolicyTypeRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import type { PendingOp, SyncRow } from './reconcile';

/**
 * Glue between the untyped rows sync works with (JSON from the server, outbox fields) and
 * the typed Dexie tables. Every row is parsed with its domain schema before it is stored,
 * so nothing the server or an old outbox entry sends can put a malformed row on screen.
 */

export interface TableRecords {
  policies: PolicyRecord;
  policy_types: PolicyTypeRecord;
  people: PersonRecord;
  policy_members: PolicyMemberRecord;
  policy_documents: PolicyDocumentRecord;
  payments: PaymentRecord;
}

const schemas: { [T in SyncTable]: z.ZodType<TableRecords[T]> } = {
  policies: policySchema,
  policy_types: policyTypeSchema,
  people: personSchema,
  policy_members: policyMemberSchema,
  policy_documents: policyDocumentSchema,
  payments: paymentSchema,
};

export function parseRow<T extends SyncTable>(
  table: T,
  row: SyncRow,
): { ok: true; value: TableRecords[T] } | { ok: false; error: string } {
  const result = schemas[table].safeParse(row);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
}

/** Rows parsed and grouped per table for one bulk write. */
export interface RowBatch {
  puts: { [T in SyncTable]: TableRecords[T][] };
  deletes: { [T in SyncTable]: string[] };
}

export function emptyBatch(): RowBatch {
  // Every table gets its own empty list; fromEntries cannot say so to TypeScript.
  const lists = () =>
    Object.fromEntries(syncTableNames.map((table) => [table, []])) as Record<SyncTable, never[]>;
  return { puts: lists(), deletes: lists() };
}

/** Adds a reconciled row (or its removal) to the batch; returns the validation error, if any. */
export function addToBatch(
  batch: RowBatch,
  table: SyncTable,
  recordId: string,
  row: SyncRow | null,
): string | null {
  if (row === null) {
    batch.deletes[table].push(recordId);
    return null;
  }
  const parsed = parseRow(table, row);
  if (!parsed.ok) return parsed.error;
  // The table decides the record type; TypeScript cannot follow that through the union.
  (batch.puts[table] as TableRecords[SyncTable][]).push(parsed.value);
  return null;
}

export async function writeBatch(db: TrackerDb, batch: RowBatch): Promise<void> {
  // All removals first, as a row removed and put again in one batch is put last.
  for (const table of syncTableNames) {
    const keys = batch.deletes[table].map((recordId) => storeKey(table, recordId));
    await storeOf(db, table).bulkDelete(keys);
  }
  for (const table of syncTableNames) await storeOf(db, table).bulkPut(batch.puts[table]);
}

/**
 * Makes `current` (the rows of `table` in the part a complete list covers) exactly `wanted`,
 * writing only what differs. Every pull page carries such lists whole, and any write to a table
 * wakes each live read of it: the dashboard's list and the header's count would read every
 * policy again, and the list redraw every card, for a page that changed nothing. For rows of
 * JSON values: dequal/lite does not look inside a Blob, Map or Set. A key the list repeats
 * ends as its last row, as a bulkPut of the list would leave it.
 */
export async function mirrorRows<T, K extends IndexableType>(
  table: {
    bulkDelete(keys: K[]): PromiseLike<unknown>;
    bulkPut(rows: NoInfer<T>[]): PromiseLike<unknown>;
  },
  keyOf: (row: T) => K,
  current: readonly T[],
  wanted: readonly T[],
): Promise<void> {
  const held = new Map(current.map((row) => [keyOf(row), row]));
  const next = new Map(wanted.map((row) => [keyOf(row), row]));
  const gone = [...held.keys()].filter((key) => !next.has(key));
  const changed = [...next]
    .filter(([key, row]) => !dequal(held.get(key), row))
    .map(([, row]) => row);
  if (gone.length > 0) await table.bulkDelete(gone);
  if (changed.length > 0) await table.bulkPut(changed);
}

/**
 * The policy types `inScope` picks (the global ones, or other owners') made exactly `types`.
 * The whole (small) table is read and filtered here: Dexie's filter() is a request per row.
 */
export async function mirrorTypes(
  db: TrackerDb,
  inScope: (type: PolicyTypeRecord) => boolean,
  types: readonly PolicyTypeRecord[],
): Promise<void> {
  const current = (await db.policyTypes.toArray()).filter(inScope);
  await mirrorRows(db.policyTypes, (t) => t.id, current, types);
}

export function recordIdOf(table: SyncTable, row: SyncRow): string | null {
  if (table === 'policy_members') {
    const { policy_id: policyId, person_id: personId } = row;
    return typeof policyId === 'string' && typeof personId === 'string'
      ? memberKey(policyId, personId)
      : null;
  }
  return typeof row.id === 'string' ? row.id : null;
}

export function memberKeyParts(recordId: string): [string, string] {
  const [policyId = '', personId = ''] = recordId.split(':');
  return [policyId, personId];
}

/** All tables a local write or a sync step touches, for one Dexie transaction. */
export function syncTables(db: TrackerDb) {
  return [...syncTableNames.map((table) => storeOf(db, table)), db.outbox, db.serverRows, db.meta];
}

/** The Dexie table holding each sync table's rows. */
const stores = {
  policies: 'policies',
  policy_types: 'policyTypes',
  people: 'people',
  policy_members: 'policyMembers',
  policy_documents: 'policyDocuments',
  payments: 'payments',
} as const satisfies { [T in SyncTable]: keyof TrackerDb };

function storeOf<T extends SyncTable>(
  db: TrackerDb,
  table: T,
): Table<TableRecords[T], IndexableType> {
  // Each store holds its table's records; TypeScript cannot follow that through the map.
  return db[stores[table]] as unknown as Table<TableRecords[T], IndexableType>;
}

/** A record id as its store's key: policy_members are keyed by [policy_id, person_id]. */
function storeKey(table: SyncTable, recordId: string): IndexableType {
  return table === 'policy_members' ? memberKeyParts(recordId) : recordId;
}

/** The local rows of these records, in their order (undefined where there is none). */
export async function readLocalRows(
  db: TrackerDb,
  records: readonly { table: SyncTable; recordId: string }[],
): Promise<(SyncRow | undefined)[]> {
  const byTable = new Map<SyncTable, number[]>();
  records.forEach(({ table }, index) => {
    const indexes = byTable.get(table);
    if (indexes) indexes.push(index);
    else byTable.set(table, [index]);
  });
  const rows: (SyncRow | undefined)[] = new Array(records.length);
  for (const [table, indexes] of byTable) {
    const found = await storeOf(db, table).bulkGet(
      indexes.map((i) => storeKey(table, records[i]?.recordId ?? '')),
    );
    indexes.forEach((recordIndex, i) => {
      const row = found[i];
      rows[recordIndex] = row ? { ...row } : undefined;
    });
  }
  return rows;
}

export async function readLocal(
  db: TrackerDb,
  table: SyncTable,
  recordId: string,
): Promise<SyncRow | undefined> {
  const value = await storeOf(db, table).get(storeKey(table, recordId));
  return value ? { ...value } : undefined;
}

/**
 * Stores a reconciled row, or removes the local copy when it is null. Returns false when the
 * row does not pass its schema (then the local copy is left as it was).
 */
export async function writeLocal(
  db: TrackerDb,
  table: SyncTable,
  recordId: string,
  row: SyncRow | null,
): Promise<boolean> {
  if (row === null) {
    await deleteLocal(db, table, recordId);
    return true;
  }
  const parsed = parseRow(table, row);
  if (!parsed.ok) return false;
  await putParsed(db, table, parsed.value);
  return true;
}

export async function deleteLocal(
  db: TrackerDb,
  table: SyncTable,
  recordId: string,
): Promise<void> {
  await storeOf(db, table).delete(storeKey(table, recordId));
}

export async function putParsed<T extends SyncTable>(
  db: TrackerDb,
  table: T,
  value: TableRecords[T],
): Promise<void> {
  await storeOf(db, table).put(value);
}

export async function readServerRow(
  db: TrackerDb,
  table: SyncTable,
  recordId: string,
): Promise<SyncRow | undefined> {
  return (await db.serverRows.get(serverRowKey(table, recordId)))?.row;
}

/** The claim mark: every op with a seq at or below it was handed to the network. */
export async function readClaimedThrough(db: TrackerDb): Promise<number> {
  const value = (await db.meta.get(META_OUTBOX_CLAIMED))?.value;
  return typeof value === 'number' ? value : 0;
}

/**
 * Whether the op may have reached the server: claimed by a push (under the mark, or counted
 * on the op before the mark existed). Once it may have, merging an edit into it would lose
 * the edit when the server answers its op id as a duplicate.
 */
export function handedToNetwork(op: OutboxEntry, claimedThrough: number): boolean {
  return op.attempts > 0 || op.seq <= claimedThrough;
}

export async function opsFor(
  db: TrackerDb,
  table: SyncTable,
  recordId: string,
): Promise<OutboxEntry[]> {
  return db.outbox.where('[table+record_id]').equals([table, recordId]).sortBy('seq');
}

export function toPendingOp(op: OutboxEntry): PendingOp {
  return {
    kind: op.kind,
    row: op.row,
    created_at: op.created_at,
    ...(op.renewed_from !== undefined ? { renewed_from: op.renewed_from } : {}),
  };
}

/**
 * sync_push's refusals of a change to another owner's policy (issue 18): the user's role can
 * never allow it, so sending it again is pointless and its values are not the row's. The op
 * stays in the outbox, failed, to be shown until dismissed; the row is the server's.
 */
const shareRefusals: ReadonlySet<string> = new Set([
  shareErrorCodes.viewOnly,
  shareErrorCodes.ownerOnly,
  shareErrorCodes.notShared,
]);

export function isShareRefusal(code: string | undefined): boolean {
  return code !== undefined && shareRefusals.has(code);
}

/** The ops that still shape a row: all but those refused for the user's share. */
export function pendingOpsOf(ops: readonly OutboxEntry[]): PendingOp[] {
  return ops
    .filter((op) => !(op.status === 'failed' && isShareRefusal(op.last_error_code)))
    .map(toPendingOp);
}

/** Without its error and pending again: a refused op, which the server never recorded, resent. */
export function requeued(op: OutboxEntry): OutboxEntry {
  const { last_error: _error, last_error_code: _code, ...rest } = op;
  return { ...rest, status: 'pending' };
}

/** The `meta` records under one key prefix that still parse; one damaged record is skipped. */
export async function readMetaRecords<T>(
  db: TrackerDb,
  prefix: string,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const rows = await db.meta.where('key').startsWith(prefix).toArray();
  return rows.flatMap((row) => {
    const parsed = schema.safeParse(row.value);
    return parsed.success ? [parsed.data] : [];
  });
}
