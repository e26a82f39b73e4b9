import { liveQuery, type Observable } from 'dexie';
import {
  serverRowKey,
  type OutboxEntry,
  type PaymentRecord,
  type PolicyDocumentRecord,
  type PolicyRecord,
  type PolicyTypeRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import { lazyCompare } from '@/domain/collator';
import { readUploadError, type UploadState } from '@/domain/documents';
import {
  messageRef,
  readStoredMessage,
  type MessageRef,
  type StoredMessage,
} from '@/domain/message';
import { policyPermissions, type PolicyPermissions, type SavedPerson } from '@/domain/tracker';
import { memberKeyParts } from './rows';
import {
  readSharedPolicyInfo,
  sharedPolicyInfo,
  sharesCovering,
  type SharedPolicyInfo,
} from './shared';

/**
 * Read helpers for the tracker screens. Each `read*` is an async querier meant for
 * `useLiveQuery(() => readPolicies(db), [db])`; the `live*` twins are the same queries as
 * Dexie observables for code outside React.
 */

export type RecordSyncState = 'synced' | 'pending' | 'failed';

export interface PolicyMemberView {
  person_id: string;
  name: string;
  relationship: string;
}

export interface PolicyView extends PolicyRecord {
  /** null when the type is unknown on this device (not pulled yet, or removed by the admin). */
  type: { id: string; name: string; icon: string | null } | null;
  members: PolicyMemberView[];
  /** failed beats pending: a refused change needs the user's retry or discard. */
  sync: RecordSyncState;
  /** The failed changes about this policy, for the retry/discard choice. */
  failedOps: FailedChange[];
  /** Set when another owner shares this policy with the user (issue 18); null for their own. */
  shared: SharedPolicyInfo | null;
}

export interface FailedChange {
  op_id: string;
  table: OutboxEntry['table'];
  kind: OutboxEntry['kind'];
  record_id: string;
  /** The policy the change belongs to, when there is one. */
  policy_id: string | null;
  /**
   * Why it was refused: the device's own reason by catalog id, or the server's words as they
   * came (said by `code` on the screen).
   */
  message: StoredMessage;
  code?: string;
  created_at: string;
}

export interface SyncCounts {
  pending: number;
  failed: number;
}

function policyIdOf(op: OutboxEntry): string | null {
  if (op.table === 'policies') return op.record_id;
  if (op.table === 'policy_members') return memberKeyParts(op.record_id)[0];
  // Every payment op carries its policy, so a refused one shows on the policy's card.
  if (op.table === 'payments' && typeof op.row.policy_id === 'string') return op.row.policy_id;
  return null;
}

function syncStateOf(ops: readonly OutboxEntry[]): RecordSyncState {
  return ops.some((o) => o.status === 'failed') ? 'failed' : ops.length > 0 ? 'pending' : 'synced';
}

/**
 * What versions that stored sentences as text wrote for the device's own reasons, read as
 * the messages they are now, so a change refused before an update is said in the user's
 * language too.
 */
function legacyRefusal(text: string): MessageRef | undefined {
  if (text === 'The server refused this change') return messageRef('tracker.sync.reason.refused');
  const tooLarge = /^This change is too large to sync \((\d+) KB;/.exec(text);
  return tooLarge
    ? messageRef('tracker.sync.reason.tooLarge', { kb: Number(tooLarge[1]) })
    : undefined;
}

function readRefusal(stored: unknown): StoredMessage {
  return readStoredMessage(stored, legacyRefusal) ?? messageRef('tracker.sync.reason.refused');
}

function toFailedChange(op: OutboxEntry): FailedChange {
  return {
    op_id: op.op_id,
    table: op.table,
    kind: op.kind,
    record_id: op.record_id,
    policy_id: policyIdOf(op),
    message: readRefusal(op.last_error),
    ...(op.last_error_code !== undefined ? { code: op.last_error_code } : {}),
    created_at: op.created_at,
  };
}

// One collator for the whole sort rather than localeCompare's per-call locale handling:
// thousands of policies share renewal days, so most comparisons reach the insurer's name.
const compareInsurers = lazyCompare();

function byRenewalThenInsurer(a: PolicyView, b: PolicyView): number {
  if (a.next_renewal_date !== b.next_renewal_date) {
    return a.next_renewal_date < b.next_renewal_date ? -1 : 1;
  }
  return compareInsurers(a.insurer_name, b.insurer_name) || (a.id < b.id ? -1 : 1);
}

async function buildViews(db: TrackerDb, policies: PolicyRecord[]): Promise<PolicyView[]> {
  const [types, people, links, outbox, sharedPolicies, shares] = await Promise.all([
    db.policyTypes.toArray(),
    db.people.toArray(),
    db.policyMembers.toArray(),
    db.outbox.toArray(),
    db.sharedPolicies.toArray(),
    db.shares.toArray(),
  ]);
  const sharing = sharedPolicyInfo(sharedPolicies, shares);
  const typeById = new Map(types.filter((t) => t.deleted_at === null).map((t) => [t.id, t]));
  const personById = new Map(people.filter((p) => p.deleted_at === null).map((p) => [p.id, p]));
  const membersByPolicy = new Map<string, PolicyMemberView[]>();
  for (const link of links) {
    if (link.deleted_at !== null) continue;
    const person = personById.get(link.person_id);
    if (!person) continue;
    const list = membersByPolicy.get(link.policy_id) ?? [];
    list.push({ person_id: person.id, name: person.name, relationship: person.relationship });
    membersByPolicy.set(link.policy_id, list);
  }
  const opsByPolicy = new Map<string, OutboxEntry[]>();
  for (const op of outbox) {
    const policyId = policyIdOf(op);
    if (!policyId) continue;
    const list = opsByPolicy.get(policyId) ?? [];
    list.push(op);
    opsByPolicy.set(policyId, list);
  }

  return policies.map((policy) => {
    const type = policy.policy_type_id ? typeById.get(policy.policy_type_id) : undefined;
    const ops = opsByPolicy.get(policy.id) ?? [];
    const failed = ops.filter((o) => o.status === 'failed').sort((a, b) => a.seq - b.seq);
    const members = (membersByPolicy.get(policy.id) ?? []).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    return {
      ...policy,
      type: type ? { id: type.id, name: type.name, icon: type.icon } : null,
      members,
      sync: syncStateOf(ops),
      failedOps: failed.map(toFailedChange),
      // A policy of another owner the lists do not name yet is shown as shared all the same,
      // its reminders on as the shares say (the rule the header's count and the worker use).
      shared:
        policy.user_id === db.userId
          ? null
          : (sharing.get(policy.id) ?? {
              owner_id: policy.user_id,
              owner_label: '',
              role: 'viewer',
              share_ids: [],
              reminders_enabled: sharesCovering(shares, policy.id, policy.user_id).some(
                (s) => s.reminders_enabled,
              ),
            }),
    };
  });
}

/** The dashboard's list: live policies with type and members, by next renewal date. */
export async function readPolicies(db: TrackerDb): Promise<PolicyView[]> {
  // Filtered here, not with Dexie's filter(): that walks a cursor, one request per row, where
  // toArray() on the table is one getAll (the dashboard reads 500 and more on every change).
  const policies = (await db.policies.toArray()).filter((p) => p.deleted_at === null);
  return (await buildViews(db, policies)).sort(byRenewalThenInsurer);
}

/**
 * The user's own live policies: what the premium outlook sums and export and import work on.
 * Policies shared with them (issue 18) are their owners' to pay and to export.
 */
export async function readOwnPolicies(db: TrackerDb): Promise<PolicyView[]> {
  return (await readPolicies(db)).filter((p) => p.shared === null);
}

export function livePolicies(db: TrackerDb): Observable<PolicyView[]> {
  return liveQuery(() => readPolicies(db));
}

/** One live policy for the edit form; undefined when it does not exist (or was deleted). */
export async function readPolicy(db: TrackerDb, id: string): Promise<PolicyView | undefined> {
  const policy = await db.policies.get(id);
  if (!policy || policy.deleted_at !== null) return undefined;
  return (await buildViews(db, [policy]))[0];
}

export interface PaymentView extends PaymentRecord {
  sync: RecordSyncState;
}

/**
 * The live payments of one live policy, latest first; none for a policy deleted here (its
 * payments' tombstones arrive with the next pull).
 */
export async function readPayments(db: TrackerDb, policyId: string): Promise<PaymentView[]> {
  const policy = await db.policies.get(policyId);
  if (!policy || policy.deleted_at !== null) return [];
  const payments = (await db.payments.where('policy_id').equals(policyId).toArray()).filter(
    (p) => p.deleted_at === null,
  );
  const ops = await db.outbox
    .where('[table+record_id]')
    .anyOf(payments.map((p) => ['payments', p.id]))
    .toArray();
  return payments
    .map((payment) => ({
      ...payment,
      sync: syncStateOf(ops.filter((o) => o.table === 'payments' && o.record_id === payment.id)),
    }))
    .sort(
      (a, b) =>
        b.paid_on.localeCompare(a.paid_on) ||
        b.created_at.localeCompare(a.created_at) ||
        a.id.localeCompare(b.id),
    );
}

/**
 * Every live payment of the user's own live policies (the premium outlook's "paid" figures;
 * a shared policy's payments are its owner's). A
 * policy deleted on this device takes its payments with it here too, before their tombstones
 * arrive from the server.
 */
export async function readAllPayments(db: TrackerDb): Promise<PaymentRecord[]> {
  const [policies, payments] = await Promise.all([db.policies.toArray(), db.payments.toArray()]);
  const live = new Set(
    policies.filter((p) => p.deleted_at === null && p.user_id === db.userId).map((p) => p.id),
  );
  return payments.filter((p) => p.deleted_at === null && live.has(p.policy_id));
}

/**
 * The types the user may pick: global ones and their own, by name. The owners' types that
 * shared policies use are on the device too, but only for showing those policies.
 */
export async function readPolicyTypes(db: TrackerDb): Promise<PolicyTypeRecord[]> {
  const types = await db.policyTypes
    .filter((t) => t.deleted_at === null && (t.user_id === null || t.user_id === db.userId))
    .toArray();
  return types.sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
}

/**
 * Every type on the device, deleted ones and the owners' of shared policies included: a notice
 * about a change of type names the type whoever's it is.
 */
export async function readEveryPolicyType(db: TrackerDb): Promise<PolicyTypeRecord[]> {
  return db.policyTypes.toArray();
}

export function livePolicyTypes(db: TrackerDb): Observable<PolicyTypeRecord[]> {
  return liveQuery(() => readPolicyTypes(db));
}

/**
 * The people saved for the user (live ones), by name: the member picker's list. The people
 * of shared policies are their owners', not among them.
 */
export async function readPeople(db: TrackerDb): Promise<SavedPerson[]> {
  const people = (await db.people.toArray()).filter(
    (p) => p.deleted_at === null && p.user_id === db.userId,
  );
  return people
    .map((p) => ({ id: p.id, name: p.name, relationship: p.relationship }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' }));
}

/** How many of the user's own live policies use each type, by type id. */
export async function readPolicyTypeUsage(db: TrackerDb): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (const policy of await db.policies.toArray()) {
    if (policy.deleted_at !== null || policy.policy_type_id === null) continue;
    if (policy.user_id !== db.userId) continue;
    usage.set(policy.policy_type_id, (usage.get(policy.policy_type_id) ?? 0) + 1);
  }
  return usage;
}

export async function readSyncCounts(db: TrackerDb): Promise<SyncCounts> {
  const [pending, failed] = await Promise.all([
    db.outbox.where('status').equals('pending').count(),
    db.outbox.where('status').equals('failed').count(),
  ]);
  return { pending, failed };
}

/** Every change the server refused, oldest first. */
export async function readFailedChanges(db: TrackerDb): Promise<FailedChange[]> {
  const failed = await db.outbox.where('status').equals('failed').sortBy('seq');
  return failed.map(toFailedChange);
}

/** Sign-out asks first when this is true. */
export async function hasUnsentChanges(db: TrackerDb): Promise<boolean> {
  return (await db.outbox.count()) > 0;
}

export interface PolicyDocumentView extends PolicyDocumentRecord {
  /** The file on this device and its upload state; undefined: only on the server so far. */
  stored: (UploadState & { size: number }) | undefined;
  /** The row reached the server (so the file may go up). */
  rowOnServer: boolean;
  /** The row's own changes (create, rename, delete) waiting or refused. */
  sync: RecordSyncState;
  failedOps: FailedChange[];
}

/** A policy's live documents with their files' state, oldest first (the order attached). */
export async function readPolicyDocuments(
  db: TrackerDb,
  policyId: string,
): Promise<PolicyDocumentView[]> {
  const docs = (await db.policyDocuments.where('policy_id').equals(policyId).toArray()).filter(
    (d) => d.deleted_at === null,
  );
  const ids = docs.map((d) => d.id);
  const [files, server, ops] = await Promise.all([
    db.documentFiles.bulkGet(ids),
    db.serverRows.bulkGet(ids.map((id) => serverRowKey('policy_documents', id))),
    db.outbox
      .where('[table+record_id]')
      .anyOf(ids.map((id) => ['policy_documents', id]))
      .toArray(),
  ]);
  return docs
    .map((doc, i) => {
      const file = files[i];
      const own = ops.filter((o) => o.table === 'policy_documents' && o.record_id === doc.id);
      const failed = own.filter((o) => o.status === 'failed').sort((a, b) => a.seq - b.seq);
      return {
        ...doc,
        stored: file
          ? {
              upload: file.upload,
              attempts: file.attempts,
              retry_at: file.retry_at,
              last_error: readUploadError(file.last_error),
              size: file.blob.size,
            }
          : undefined,
        rowOnServer: server[i] !== undefined,
        sync: failed.length > 0 ? 'failed' : own.length > 0 ? 'pending' : 'synced',
        failedOps: failed.map(toFailedChange),
      } satisfies PolicyDocumentView;
    })
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Bytes of every document file kept on this device for the user. */
export async function readStoredDocumentBytes(db: TrackerDb): Promise<number> {
  let total = 0;
  await db.documentFiles.each((file) => {
    total += file.blob.size;
  });
  return total;
}

export interface PolicyAccess {
  may: PolicyPermissions;
  /**
   * Whose policy it is when someone shared it with the user (issue 18): the owner's name,
   * else their address, '' while the shares are not on the device yet; null for their own.
   */
  sharedBy: string | null;
}

/**
 * What the user may do with a policy: all of it with their own (and with one not on the
 * device), what their role allows with one shared with them (issue 18), and whose it is.
 */
export async function readPolicyAccess(db: TrackerDb, policyId: string): Promise<PolicyAccess> {
  const policy = await db.policies.get(policyId);
  if (!policy || policy.user_id === db.userId) {
    return { may: policyPermissions(null), sharedBy: null };
  }
  const shared = (await readSharedPolicyInfo(db)).get(policyId);
  return {
    may: policyPermissions(shared?.role ?? 'viewer'),
    sharedBy: shared?.owner_label ?? '',
  };
}
