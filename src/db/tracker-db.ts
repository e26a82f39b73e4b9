import Dexie, { type EntityTable, type Table } from 'dexie';
import type { UploadStatus } from '@/domain/documents';
import type { StoredMessage } from '@/domain/message';
import type {
  DocumentMimeType,
  PaymentMode,
  PolicyContacts,
  PolicyDetails,
  PolicyShare,
  SharedPolicy,
  SyncTable,
} from '@/domain/schemas';

/**
 * The policy tracker's local store (design §5). Screens read only this database; the sync
 * engine (src/sync) moves changes between it and the server. One database per signed-in
 * user, so two accounts on one device never see each other's rows.
 *
 * Row shapes mirror the server's columns. Rows created on this device carry
 * `server_seq: 0` until the server's copy comes back.
 *
 * Policies shared with the user (issue 18) are stored in the same tables as their own, under
 * their owner's user_id (with their links, people, payments, documents and the owner's types
 * they use); `sharedPolicies` and `shares` say whose they are and what the user may do.
 */

/** The columns every synced row carries. */
export interface SyncedRecord {
  created_at: string;
  updated_at: string;
  /** Set locally while a delete waits to be sent; readers filter on it. */
  deleted_at: string | null;
  server_seq: number;
}

/** Issue 17's contact fields (PolicyContacts) are absent on rows stored before them. */
export interface PolicyRecord extends PolicyDetails, PolicyContacts, SyncedRecord {
  id: string;
  user_id: string;
  /** null only when an admin deleted the global type the policy used. */
  policy_type_id: string | null;
}

export interface PolicyTypeRecord extends SyncedRecord {
  id: string;
  name: string;
  icon: string | null;
  /** null: a global type managed by the admin; otherwise this user's own type. */
  user_id: string | null;
}

export interface PersonRecord extends SyncedRecord {
  id: string;
  user_id: string;
  name: string;
  relationship: string;
}

export interface PolicyMemberRecord extends SyncedRecord {
  policy_id: string;
  person_id: string;
  user_id: string;
}

/** A document's row; its file is in Storage at storage_path (and, later, cached on the device). */
export interface PolicyDocumentRecord extends SyncedRecord {
  id: string;
  user_id: string;
  policy_id: string;
  name: string;
  mime_type: DocumentMimeType;
  size: number;
  storage_path: string;
}

/**
 * A document's file on this device (design: documents readable offline). Added at once when
 * the user attaches it (with its row, in one transaction) or when a file from another device
 * is first opened; kept after upload as the offline copy; removed with its document.
 * `upload` is the upload queue's state (src/domain/documents/transfer.ts).
 */
export interface DocumentFileRecord {
  /** The document's id. */
  id: string;
  policy_id: string;
  blob: Blob;
  upload: UploadStatus;
  attempts: number;
  retry_at: string | null;
  /** Why it is not uploaded (read back parsed: readUploadError, src/domain/documents). */
  last_error?: StoredMessage;
  stored_at: string;
}

/** A payment made for a policy (Mark Renewed records one; more can be added by hand). */
export interface PaymentRecord extends SyncedRecord {
  id: string;
  user_id: string;
  policy_id: string;
  amount: number;
  paid_on: string;
  mode: PaymentMode | null;
  reference: string | null;
}

/**
 * A share of which this user is the recipient (issue 18), as every sync_pull lists them:
 * the owner's name and address, the role, the scope (policy_id null: all the owner's
 * policies) and whether the user wants reminders for it. Replaced whole on every pull.
 */
export type ShareRecord = PolicyShare;

/**
 * A policy of another owner this user may read, with the role the shares give (editor when
 * any share says so). Replaced whole on every pull: a held policy of another owner that is
 * not listed here is removed from the device with everything about it.
 */
export type SharedPolicyRecord = SharedPolicy;

export type OutboxKind = 'upsert' | 'delete' | 'renew' | 'restore';
export type OutboxStatus = 'pending' | 'failed';

/**
 * One local change waiting for the server's acknowledgement. It leaves the outbox only when
 * sync_push answered it (applied or duplicate), or when the user discards a failed one.
 */
export interface OutboxEntry {
  op_id: string;
  /** Strictly increasing per database, never reused (even once the outbox empties): the order ops are sent in. */
  seq: number;
  created_at: string;
  user_id: string;
  table: SyncTable;
  kind: OutboxKind;
  /** The row's id, or `${policy_id}:${person_id}` for policy_members. */
  record_id: string;
  /** The fields to write, always including the key (id, or policy_id and person_id). */
  row: Record<string, unknown>;
  /** renew only: the next_renewal_date the device renewed from. */
  renewed_from?: string;
  status: OutboxStatus;
  /**
   * Sends counted on the op itself before issue 22; since then a push records its claim once
   * per batch in `meta` (META_OUTBOX_CLAIMED), and an op was handed to the network when this
   * is above 0 or its seq is at most that mark (handedToNetwork, src/sync/rows.ts). 0 with a
   * seq above the mark means it surely never arrived.
   */
  attempts: number;
  /** Why it was refused (src/sync/queries.ts reads it back, parsed). */
  last_error?: StoredMessage;
  /** The SQLSTATE of a rejection, when the server gave one. */
  last_error_code?: string;
}

/**
 * The server's last known copy of a row (from a pull or an acknowledgement). Discarding a
 * failed op rebuilds the local row from it; no copy means the row never reached the server.
 */
export interface ServerRowRecord {
  /** `${table}:${record_id}` */
  key: string;
  table: SyncTable;
  record_id: string;
  row: Record<string, unknown>;
  server_seq: number;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export const META_PULL_CURSOR = 'pull_cursor';
export const META_LAST_PULLED_AT = 'last_pulled_at';
export const META_PERSIST_REQUESTED = 'persist_requested';
/** The last outbox seq handed out: kept apart from the outbox so an empty outbox does not reset it. */
export const META_OUTBOX_SEQ = 'outbox_seq';
/**
 * The highest outbox seq a push has claimed (handed to the network). A push claims pending ops
 * in seq order, so every op at or below it was sent at least once (or refused, and marked so);
 * one write per batch instead of one per op, written before the batch goes out. Ops claimed
 * under it keep `attempts` 0, so every later version must keep reading it (and an app older
 * than version 6 cannot open these databases): this change only rolls forward.
 */
export const META_OUTBOX_CLAIMED = 'outbox_claimed_through';

export class TrackerDb extends Dexie {
  policies!: EntityTable<PolicyRecord, 'id'>;
  policyTypes!: EntityTable<PolicyTypeRecord, 'id'>;
  people!: EntityTable<PersonRecord, 'id'>;
  policyMembers!: Table<PolicyMemberRecord, [string, string]>;
  policyDocuments!: EntityTable<PolicyDocumentRecord, 'id'>;
  documentFiles!: EntityTable<DocumentFileRecord, 'id'>;
  payments!: EntityTable<PaymentRecord, 'id'>;
  shares!: EntityTable<ShareRecord, 'id'>;
  sharedPolicies!: EntityTable<SharedPolicyRecord, 'policy_id'>;
  outbox!: EntityTable<OutboxEntry, 'op_id'>;
  serverRows!: EntityTable<ServerRowRecord, 'key'>;
  meta!: EntityTable<MetaRecord, 'key'>;

  readonly userId: string;

  constructor(userId: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(trackerDbName(userId), options);
    this.userId = userId;
    // Every version() block stays forever (design §3); add a new one to change the schema.
    this.version(1).stores({
      policies: 'id, next_renewal_date, policy_type_id, deleted_at',
      policyTypes: 'id, name, user_id, deleted_at',
      people: 'id, name, deleted_at',
      policyMembers: '[policy_id+person_id], policy_id, person_id, deleted_at',
      outbox: 'op_id, &seq, record_id, [table+record_id], status, [status+attempts]',
      serverRows: 'key',
      meta: 'key',
    });
    this.version(2).stores({ policyDocuments: 'id, policy_id, deleted_at' });
    this.version(3).stores({ documentFiles: 'id, policy_id, upload' });
    this.version(4).stores({ payments: 'id, policy_id, deleted_at' });
    // user_id on policies and people: each pull looks for other owners' rows (issue 18), which
    // most devices hold none of, without reading every row.
    this.version(5).stores({
      policies: 'id, next_renewal_date, policy_type_id, deleted_at, user_id',
      people: 'id, name, deleted_at, user_id',
      shares: 'id, owner_id',
      sharedPolicies: 'policy_id, owner_id',
    });
    // Issue 22: every index is written again with each row stored, and a sync stores every
    // row it pushes or pulls. The outbox's `record_id` alone is answered by
    // `[table+record_id]` (readers know the table), and `[status+attempts]` found the unsent
    // ops, which the claim mark in `meta` says now; no query reads policies by
    // next_renewal_date (screens sort and filter in memory), while `deleted_at` is how
    // *Recently deleted* finds the few tombstones without a walk through every policy. Dexie
    // drops the indexes and keeps every row and queued op as it is.
    this.version(6).stores({
      policies: 'id, policy_type_id, deleted_at, user_id',
      outbox: 'op_id, &seq, [table+record_id], status',
    });
  }
}

export function trackerDbName(userId: string): string {
  return `bimaguide-tracker-${userId}`;
}

const open = new Map<string, TrackerDb>();

/** The signed-in user's database; the same instance for the same user while it is open. */
export function openTrackerDb(userId: string): TrackerDb {
  let db = open.get(userId);
  if (!db) {
    db = new TrackerDb(userId);
    open.set(userId, db);
  }
  return db;
}

/** Closes the user's database (sign-out); the data stays on the device for the next sign-in. */
export function closeTrackerDb(userId: string): void {
  const db = open.get(userId);
  if (!db) return;
  open.delete(userId);
  db.close();
}

/** Removes every row this device holds for the user (a deliberate "forget this device"). */
export async function deleteTrackerDb(userId: string): Promise<void> {
  closeTrackerDb(userId);
  await Dexie.delete(trackerDbName(userId));
}

export function memberKey(policyId: string, personId: string): string {
  return `${policyId}:${personId}`;
}

export function serverRowKey(table: SyncTable, recordId: string): string {
  return `${table}:${recordId}`;
}
