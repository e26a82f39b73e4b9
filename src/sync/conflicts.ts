import { z } from 'zod';
import { serverRowKey, type TrackerDb } from '@/db/tracker-db';
import {
  messageRef,
  messageRefSchema,
  type MessageRef,
  type MessageValue,
  type StoredMessage,
} from '@/domain/message';
import { policyFieldNames, renewalFrequencyValues } from '@/domain/schemas';
import { formatRupees } from '@/lib/format';
import type { PendingOp, SyncRow } from './reconcile';
import { readMetaRecords } from './rows';

/**
 * Conflicts the user can see (issue 15). The rule that decides stays the one in
 * reconcile.ts and sync_apply_op: per field, the last write in server order wins; delete
 * wins. What this adds is that the losing side is told:
 *
 *  - A device remembers, per policy, the values it itself last wrote in an edit (not in the
 *    creation: another device editing a policy this one created is ordinary use). When a
 *    server copy of the policy shows another value for such a field and no op of this
 *    device still carries that field, another device's later write replaced this device's
 *    value: the policy gets a notice "Changed on another device: premium ₹70,000 →
 *    ₹66,000", with a way to put the value back. The device then forgets the value, so it
 *    says so once.
 *  - An edit or renewal that reaches the server after the policy was deleted elsewhere is
 *    answered 'ignored_deleted'; the policy gets a notice saying the change was not saved.
 *
 * Kept in `meta` (keys own_writes:<id> and policy_notice:<id>), parsed on every read.
 */

const OWN_PREFIX = 'own_writes:';
const NOTICE_PREFIX = 'policy_notice:';

/**
 * A policy's name as a notice gives it: "Star Health (SH-1)" from the row, or the catalog's
 * "A policy" when the row names no insurer (said in the language of the screen showing it).
 */
export const policyLabelSchema = z.union([z.string(), messageRefSchema]);
export type PolicyLabel = StoredMessage;

const fieldChangeSchema = z.object({
  field: z.string(),
  mine: z.unknown(),
  theirs: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

const noticeSchema = z.object({
  policy_id: z.string(),
  /** The policy's name as the notice shows it (the row may be gone). */
  label: policyLabelSchema,
  kind: z.enum(['changed', 'deleted']),
  changes: z.array(fieldChangeSchema),
  /**
   * The other user whose change it was (an editor of a shared policy, or its owner when the
   * user is the editor; issue 18), from the row's updated_by. Absent: the user's own device.
   */
  changed_by: z.string().optional(),
});
export type PolicyNotice = z.infer<typeof noticeSchema>;

const ownWritesSchema = z.record(z.string(), z.unknown());

/** The fields a notice can name, each said by its catalog id `tracker.notices.field.<field>`. */
const NAMED_FIELDS = new Set<string>(policyFieldNames);

const MONEY_FIELDS = new Set(['sum_insured', 'premium_amount']);
const DATE_FIELDS = new Set(['start_date', 'next_renewal_date']);
const FREQUENCIES = new Set<string>(renewalFrequencyValues);

/** What a notice needs from the screen showing it, in that screen's language. */
export interface NoticeWords {
  /** A calendar date ("2026-12-01") as the app writes dates. */
  date: (isoDate: string) => string;
  /** A policy type's name by its id; undefined when the device does not have the type. */
  policyType: (typeId: string) => string | undefined;
  /** The people the user shares with, by user id: the notice names who changed the policy. */
  names?: ReadonlyMap<string, string>;
}

/**
 * The fields whose value this device wrote and a server copy now shows otherwise, leaving
 * out those an op of this device still carries (that op lands later and wins). Pure.
 */
export function overwrittenFields(
  own: Readonly<Record<string, unknown>>,
  server: SyncRow,
  pending: readonly PendingOp[],
): FieldChange[] {
  const stillMine = new Set(
    pending.flatMap((op) =>
      op.kind === 'upsert' ? Object.keys(op.row) : op.kind === 'renew' ? ['next_renewal_date'] : [],
    ),
  );
  const changes: FieldChange[] = [];
  for (const [field, mine] of Object.entries(own)) {
    if (stillMine.has(field) || !(field in server)) continue;
    const theirs = server[field];
    if (theirs !== mine) changes.push({ field, mine, theirs });
  }
  return changes;
}

function show(field: string, value: unknown, words: NoticeWords): MessageValue {
  if (value === null || value === undefined || value === '') {
    return messageRef('tracker.notices.empty');
  }
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatRupees(value);
  if (typeof value !== 'string') return String(value);
  if (DATE_FIELDS.has(field)) return words.date(value);
  if (field === 'renewal_frequency' && FREQUENCIES.has(value)) {
    return messageRef(`tracker.frequency.${value}`);
  }
  if (field === 'policy_type_id') {
    return words.policyType(value) ?? messageRef('tracker.notices.unknownType');
  }
  return value;
}

/**
 * "Changed on another device: premium ₹70,000 → ₹66,000"; "changed by Priya on another
 * device" when another user made the change. `words.names` gives the people the user shares
 * with by user id; one not among them is "someone you share it with". The sentence is the
 * catalog's (the screen says it in the user's language); the values are the policy's own,
 * dates and types written as the screen writes them.
 */
export function describeNotice(notice: PolicyNotice, words: NoticeWords): MessageRef {
  if (notice.kind === 'deleted') {
    return messageRef('tracker.notices.deleted', { label: notice.label });
  }
  const changes = notice.changes.map((c) =>
    messageRef('tracker.notices.change', {
      field: NAMED_FIELDS.has(c.field) ? messageRef(`tracker.notices.field.${c.field}`) : c.field,
      mine: show(c.field, c.mine, words),
      theirs: show(c.field, c.theirs, words),
    }),
  );
  if (notice.changed_by === undefined) {
    return messageRef('tracker.notices.changed', { label: notice.label, changes });
  }
  const name = words.names?.get(notice.changed_by);
  return name === undefined
    ? messageRef('tracker.notices.changedBySomeone', { label: notice.label, changes })
    : messageRef('tracker.notices.changedBy', { label: notice.label, name, changes });
}

export function policyLabel(row: SyncRow): PolicyLabel {
  const insurer = typeof row.insurer_name === 'string' ? row.insurer_name : '';
  const number = typeof row.policy_number === 'string' ? row.policy_number : '';
  if (insurer === '') {
    // Stored as written here (the schema's shape); conflicts.test.ts says both in each language.
    return number === ''
      ? { id: 'tracker.notices.somePolicy' }
      : { id: 'tracker.notices.somePolicyNumbered', values: { number } };
  }
  return number === '' ? insurer : `${insurer} (${number})`;
}

/** Notices in the order of their policies' names, those without an insurer first. */
export function byLabel(a: { label: PolicyLabel }, b: { label: PolicyLabel }): number {
  const text = (label: PolicyLabel) => (typeof label === 'string' ? label : '');
  return text(a.label).localeCompare(text(b.label));
}

async function readOwn(db: TrackerDb, policyId: string): Promise<Record<string, unknown>> {
  const parsed = ownWritesSchema.safeParse((await db.meta.get(OWN_PREFIX + policyId))?.value);
  return parsed.success ? parsed.data : {};
}

/** Called with an edit's changed fields, inside the edit's transaction. */
export async function rememberOwnWrites(
  db: TrackerDb,
  policyId: string,
  changed: Readonly<Record<string, unknown>>,
): Promise<void> {
  const own = { ...(await readOwn(db, policyId)), ...changed };
  await db.meta.put({ key: OWN_PREFIX + policyId, value: own });
  // Editing the policy answers any notice about it.
  await db.meta.delete(NOTICE_PREFIX + policyId);
}

/**
 * The policies whose own writes this device remembers: only their server copies can bring a
 * notice. One read of the keys for a batch of answers or a pull page (asking
 * noticeOverwrites about every row read the store once per row, one after another).
 */
export async function policiesWithOwnWrites(db: TrackerDb): Promise<ReadonlySet<string>> {
  const keys = await db.meta.where('key').startsWith(OWN_PREFIX).primaryKeys();
  return new Set(keys.map((key) => String(key).slice(OWN_PREFIX.length)));
}

/**
 * Called with each newer server copy of a policy (pull or acknowledgement) whose id
 * policiesWithOwnWrites lists; for any other it would find nothing to say.
 */
export async function noticeOverwrites(
  db: TrackerDb,
  policyId: string,
  server: SyncRow,
  pending: readonly PendingOp[],
): Promise<void> {
  const own = await readOwn(db, policyId);
  if (Object.keys(own).length === 0) return;
  if (server.deleted_at !== null && server.deleted_at !== undefined) {
    await db.meta.delete(OWN_PREFIX + policyId);
    return;
  }
  const changes = overwrittenFields(own, server, pending);
  if (changes.length === 0) return;
  const previous = await readNotice(db, policyId);
  const kept = previous?.kind === 'changed' ? previous.changes : [];
  const merged = [...kept.filter((c) => !changes.some((n) => n.field === c.field)), ...changes];
  const by = server.updated_by;
  const notice: PolicyNotice = {
    policy_id: policyId,
    label: policyLabel(server),
    kind: 'changed',
    changes: merged,
    ...(typeof by === 'string' && by !== db.userId ? { changed_by: by } : {}),
  };
  await db.meta.put({ key: NOTICE_PREFIX + policyId, value: notice });
  const told = new Set(changes.map((c) => c.field));
  const remaining = Object.fromEntries(Object.entries(own).filter(([field]) => !told.has(field)));
  await db.meta.put({ key: OWN_PREFIX + policyId, value: remaining });
}

/** An edit or renewal of this policy landed after another device had deleted it. */
export async function noticeEditOfDeleted(
  db: TrackerDb,
  policyId: string,
  row: SyncRow | null,
): Promise<void> {
  const local = await db.policies.get(policyId);
  const label = policyLabel((row ?? local ?? {}) as SyncRow);
  const notice: PolicyNotice = { policy_id: policyId, label, kind: 'deleted', changes: [] };
  await db.meta.put({ key: NOTICE_PREFIX + policyId, value: notice });
  await db.meta.delete(OWN_PREFIX + policyId);
}

async function readNotice(db: TrackerDb, policyId: string): Promise<PolicyNotice | undefined> {
  const parsed = noticeSchema.safeParse((await db.meta.get(NOTICE_PREFIX + policyId))?.value);
  return parsed.success ? parsed.data : undefined;
}

export async function readPolicyNotices(db: TrackerDb): Promise<PolicyNotice[]> {
  const notices = await readMetaRecords(db, NOTICE_PREFIX, noticeSchema);
  return notices.sort(byLabel);
}

/** A policy gone from the device (its share ended): nothing is to be said about it any more. */
export async function forgetPolicyNotes(db: TrackerDb, policyId: string): Promise<void> {
  await db.meta.bulkDelete([OWN_PREFIX + policyId, NOTICE_PREFIX + policyId]);
}

export async function dismissPolicyNotice(db: TrackerDb, policyId: string): Promise<void> {
  await db.meta.delete(NOTICE_PREFIX + policyId);
}

/** How long a deleted policy can be restored (the server refuses later; see the migration). */
export const RESTORE_DAYS = 30;

export interface DeletedPolicy {
  id: string;
  label: PolicyLabel;
  deleted_at: string;
}

/**
 * Policies deleted within RESTORE_DAYS, here (the delete may still be queued) or on another
 * device (the tombstone the last pull brought), newest first.
 */
export async function readRecentlyDeleted(db: TrackerDb, now: Date): Promise<DeletedPolicy[]> {
  const since = now.getTime() - RESTORE_DAYS * 24 * 3600 * 1000;
  const byId = new Map<string, DeletedPolicy>();
  const add = (row: SyncRow) => {
    const id = row.id;
    const deletedAt = row.deleted_at;
    if (typeof id !== 'string' || typeof deletedAt !== 'string') return;
    // Only the owner restores; another owner's policy is never in this list.
    if (typeof row.user_id === 'string' && row.user_id !== db.userId) return;
    if (Date.parse(deletedAt) < since || byId.has(id)) return;
    byId.set(id, { id, label: policyLabel(row), deleted_at: deletedAt });
  };
  // Key ranges and keys, never a filter(): that walks a cursor, one request per row, and the
  // dashboard runs this on every change of the store. Deleted rows are the indexed ones (a
  // live row's null deleted_at is not in the index); of the server's copies only those of
  // rows not live here are read whole.
  const prefix = serverRowKey('policies', '');
  const [local, ids, copies] = await Promise.all([
    db.policies.where('deleted_at').above('').toArray(),
    db.policies.toCollection().primaryKeys(),
    db.serverRows.where('key').startsWith(prefix).primaryKeys(),
  ]);
  for (const row of local) add({ ...row });
  const deleted = new Set(local.map((p) => p.id));
  const live = new Set(ids.filter((id) => !deleted.has(id)));
  const shadows = await db.serverRows.bulkGet(
    copies.filter((key) => !live.has(key.slice(prefix.length))),
  );
  for (const shadow of shadows) if (shadow) add(shadow.row);
  return [...byId.values()].sort((a, b) => b.deleted_at.localeCompare(a.deleted_at));
}
