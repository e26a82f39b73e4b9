import { z } from 'zod';
import type { PolicyShare, ShareRole, SharedPolicy } from '@/domain/schemas';
import type { EntityTable } from 'dexie';
import { memberKey, serverRowKey, type PolicyTypeRecord, type TrackerDb } from '@/db/tracker-db';
import { byLabel, forgetPolicyNotes, policyLabel, policyLabelSchema } from './conflicts';
import { mirrorRows, mirrorTypes, readMetaRecords } from './rows';

/**
 * Family sharing on the device (issue 18). Every sync_pull page carries three complete lists
 * about the policies other owners share with this user; the pull stores them in the page's
 * transaction through `applySharedLists`:
 *
 *  - `shares` and `shared_policies` replace the device's copies whole (who shared what, with
 *    which role, reminders on or off), writing only the rows that differ (`mirrorRows`);
 *  - the owners' types those policies use replace the device's copies of other owners' types;
 *  - a held policy of another owner that `shared_policies` no longer lists (revoked, deleted
 *    by its owner, or the share narrowed) is removed with its member links, payments,
 *    documents and their files, every queued op and upload about them, and the people of
 *    other owners no live link names any more. Nothing of it stays readable on the device.
 *    An editor's changes still queued for it are not sent; a lasting notice says how many
 *    (`SharingEndedNotice`), rather than them vanishing silently.
 *
 * Callers hold a transaction on `sharedTables(db)` plus syncTables.
 */

export function sharedTables(db: TrackerDb) {
  return [db.shares, db.sharedPolicies, db.documentFiles];
}

export async function applySharedLists(
  db: TrackerDb,
  userId: string,
  lists: {
    shares: readonly PolicyShare[];
    shared_policies: readonly SharedPolicy[];
    shared_policy_types: readonly PolicyTypeRecord[];
  },
): Promise<void> {
  // Read before the list is replaced: a revoked owner is named in what it ends.
  const ownerNames = await readShareOwnerNames(db);
  const [shares, sharedPolicies] = await Promise.all([
    db.shares.toArray(),
    db.sharedPolicies.toArray(),
  ]);
  await mirrorRows(db.shares, (s) => s.id, shares, lists.shares);
  await mirrorRows(db.sharedPolicies, (p) => p.policy_id, sharedPolicies, lists.shared_policies);
  await replaceOwnersTypes(db, userId, lists.shared_policy_types);
  await removeUnsharedPolicies(
    db,
    userId,
    new Set(lists.shared_policies.map((p) => p.policy_id)),
    ownerNames,
  );
}

/**
 * The rows of owners other than the user, read as the two key ranges either side of the
 * user's id. Dexie's `notEqual` walks one cursor step over each of the user's own rows to skip
 * it: run by every pull page, that is quadratic in fake-indexeddb and an IPC round trip per
 * row in Chromium, for a result that is usually empty.
 */
async function otherOwnersRows<T extends { id: string; user_id: string }>(
  table: EntityTable<T, 'id'>,
  userId: string,
): Promise<T[]> {
  const [below, above] = await Promise.all([
    table.where('user_id').below(userId).toArray(),
    table.where('user_id').above(userId).toArray(),
  ]);
  return [...below, ...above];
}

/**
 * A held policy of another owner whose shares on the device are all gone from the page's
 * `shares` was revoked since the last pull, even when a new share covers it again: while the
 * user had no access the owner may have deleted rows (a hard-deleted document leaves no
 * tombstone the user could read), so the old copy is dropped before the page's rows apply.
 * Accepting a share re-sends every live row of what it covers, so the copy comes back whole.
 */
export async function removeRevokedCopies(
  db: TrackerDb,
  userId: string,
  pageShares: readonly PolicyShare[],
): Promise<void> {
  const held = await otherOwnersRows(db.policies, userId);
  if (held.length === 0) return;
  const oldShares = await db.shares.toArray();
  const ownerNames = await readShareOwnerNames(db);
  const live = new Set(pageShares.map((s) => s.id));
  for (const policy of held) {
    const covering = sharesCovering(oldShares, policy.id, policy.user_id);
    // With no share on the device for it yet, there is nothing to compare: the lists decide.
    if (covering.length > 0 && !covering.some((s) => live.has(s.id))) {
      await removePolicyCopy(db, policy.id, ownerNames);
    }
  }
}

async function replaceOwnersTypes(
  db: TrackerDb,
  userId: string,
  types: readonly PolicyTypeRecord[],
): Promise<void> {
  await mirrorTypes(db, (t) => t.user_id !== null && t.user_id !== userId, types);
}

async function removeUnsharedPolicies(
  db: TrackerDb,
  userId: string,
  listed: ReadonlySet<string>,
  ownerNames: ReadonlyMap<string, string>,
): Promise<void> {
  const others = await otherOwnersRows(db.policies, userId);
  const gone = others.map((p) => p.id).filter((id) => !listed.has(id));
  for (const policyId of gone) await removePolicyCopy(db, policyId, ownerNames);
  await removeStrayChildren(db, userId, listed);
  await removeUnlinkedPeople(db, userId);
}

/**
 * Links, payments and documents of another owner whose policy is not shared with the user (a
 * copy held from before the pull refused such rows). Row by row: their policy_id may name one
 * of the user's own policies, which stays.
 */
async function removeStrayChildren(
  db: TrackerDb,
  userId: string,
  listed: ReadonlySet<string>,
): Promise<void> {
  const stray = <T extends { user_id: string; policy_id: string }>(row: T) =>
    row.user_id !== userId && !listed.has(row.policy_id);
  const [links, payments, documents] = await Promise.all([
    db.policyMembers.filter(stray).toArray(),
    db.payments.filter(stray).toArray(),
    db.policyDocuments.filter(stray).toArray(),
  ]);
  if (links.length + payments.length + documents.length === 0) return;
  const paymentIds = payments.map((p) => p.id);
  const documentIds = documents.map((d) => d.id);
  await db.policyMembers.bulkDelete(links.map((l) => [l.policy_id, l.person_id]));
  await db.payments.bulkDelete(paymentIds);
  await db.policyDocuments.bulkDelete(documentIds);
  await db.documentFiles.bulkDelete(documentIds);
  await db.serverRows.bulkDelete([
    ...links.map((l) => serverRowKey('policy_members', memberKey(l.policy_id, l.person_id))),
    ...paymentIds.map((id) => serverRowKey('payments', id)),
    ...documentIds.map((id) => serverRowKey('policy_documents', id)),
  ]);
}

async function removePolicyCopy(
  db: TrackerDb,
  policyId: string,
  ownerNames: ReadonlyMap<string, string>,
): Promise<void> {
  const policy = await db.policies.get(policyId);
  const [links, payments, documents] = await Promise.all([
    db.policyMembers.where('policy_id').equals(policyId).toArray(),
    db.payments.where('policy_id').equals(policyId).toArray(),
    db.policyDocuments.where('policy_id').equals(policyId).toArray(),
  ]);
  const linkIds = links.map((l) => memberKey(l.policy_id, l.person_id));
  const paymentIds = payments.map((p) => p.id);
  const documentIds = documents.map((d) => d.id);

  await db.policyMembers.bulkDelete(links.map((l) => [l.policy_id, l.person_id]));
  await db.payments.bulkDelete(paymentIds);
  await db.policyDocuments.bulkDelete(documentIds);
  await db.documentFiles.where('policy_id').equals(policyId).delete();
  await db.policies.delete(policyId);

  const recordIds = [policyId, ...linkIds, ...paymentIds, ...documentIds];
  // A queued payment op names its policy in its row even before the payment reached the table.
  const ops = await db.outbox
    .filter((op) => recordIds.includes(op.record_id) || op.row.policy_id === policyId)
    .primaryKeys();
  await db.outbox.bulkDelete(ops);
  if (ops.length > 0 && policy) {
    const notice: SharingEndedNotice = {
      policy_id: policyId,
      label: policyLabel({
        insurer_name: policy.insurer_name,
        policy_number: policy.policy_number,
      }),
      owner_name: ownerNames.get(policy.user_id) ?? '',
      unsaved: ops.length + (await previousUnsaved(db, policyId)),
    };
    await db.meta.put({ key: ENDED_PREFIX + policyId, value: notice });
  }
  await db.serverRows.bulkDelete([
    serverRowKey('policies', policyId),
    ...linkIds.map((id) => serverRowKey('policy_members', id)),
    ...paymentIds.map((id) => serverRowKey('payments', id)),
    ...documentIds.map((id) => serverRowKey('policy_documents', id)),
  ]);
  await forgetPolicyNotes(db, policyId);
}

const ENDED_PREFIX = 'sharing_ended:';

const sharingEndedNoticeSchema = z.object({
  policy_id: z.string(),
  /** The policy's name as the notice shows it: the row is gone. */
  label: policyLabelSchema,
  /** The owner's name, else their address; empty when the device never knew either. */
  owner_name: z.string(),
  /** The user's changes to it that were queued or refused, and will not be sent. */
  unsaved: z.number().int().positive(),
});
/** "Priya stopped sharing Star Health (P-1); 2 changes were not saved", kept until dismissed. */
export type SharingEndedNotice = z.infer<typeof sharingEndedNoticeSchema>;

async function previousUnsaved(db: TrackerDb, policyId: string): Promise<number> {
  const parsed = sharingEndedNoticeSchema.safeParse(
    (await db.meta.get(ENDED_PREFIX + policyId))?.value,
  );
  return parsed.success ? parsed.data.unsaved : 0;
}

export async function readSharingEndedNotices(db: TrackerDb): Promise<SharingEndedNotice[]> {
  const notices = await readMetaRecords(db, ENDED_PREFIX, sharingEndedNoticeSchema);
  return notices.sort(byLabel);
}

export async function dismissSharingEndedNotice(db: TrackerDb, policyId: string): Promise<void> {
  await db.meta.delete(ENDED_PREFIX + policyId);
}

/** Other owners' people come with their links to shared policies and go with the last one. */
async function removeUnlinkedPeople(db: TrackerDb, userId: string): Promise<void> {
  const others = await otherOwnersRows(db.people, userId);
  if (others.length === 0) return;
  const linked = new Set(
    (await db.policyMembers.toArray()).filter((l) => l.deleted_at === null).map((l) => l.person_id),
  );
  const orphans = others.filter((p) => !linked.has(p.id)).map((p) => p.id);
  await db.people.bulkDelete(orphans);
  await db.serverRows.bulkDelete(orphans.map((id) => serverRowKey('people', id)));
}

/** What the screens need to know about a policy someone shared with the user. */
export interface SharedPolicyInfo {
  owner_id: string;
  /** The owner's name, else their address: "Shared by Priya". */
  owner_label: string;
  role: ShareRole;
  /** The shares that give the user this policy (one for the policy, one for all, or both). */
  share_ids: string[];
  /** Reminders are on when any of those shares has them on. */
  reminders_enabled: boolean;
}

export function ownerLabel(share: Pick<PolicyShare, 'owner_name' | 'owner_email'>): string {
  const name = share.owner_name?.trim();
  if (name) return name;
  return share.owner_email ?? '';
}

/** The shares covering one policy of an owner: the policy's own share first. */
export function sharesCovering(
  shares: readonly PolicyShare[],
  policyId: string,
  ownerId: string,
): PolicyShare[] {
  return shares
    .filter((s) => s.owner_id === ownerId && (s.policy_id === policyId || s.policy_id === null))
    .sort((a, b) => (a.policy_id === null ? 1 : 0) - (b.policy_id === null ? 1 : 0));
}

/** Sharing facts by policy id, for the policies shared with the user. Pure. */
export function sharedPolicyInfo(
  sharedPolicies: readonly SharedPolicy[],
  shares: readonly PolicyShare[],
): Map<string, SharedPolicyInfo> {
  const byPolicy = new Map<string, SharedPolicyInfo>();
  for (const shared of sharedPolicies) {
    const covering = sharesCovering(shares, shared.policy_id, shared.owner_id);
    const anyShare = covering[0] ?? shares.find((s) => s.owner_id === shared.owner_id);
    byPolicy.set(shared.policy_id, {
      owner_id: shared.owner_id,
      owner_label: anyShare ? ownerLabel(anyShare) : '',
      role: shared.role,
      share_ids: covering.map((s) => s.id),
      reminders_enabled: covering.some((s) => s.reminders_enabled),
    });
  }
  return byPolicy;
}

export async function readSharedPolicyInfo(db: TrackerDb): Promise<Map<string, SharedPolicyInfo>> {
  const [sharedPolicies, shares] = await Promise.all([
    db.sharedPolicies.toArray(),
    db.shares.toArray(),
  ]);
  return sharedPolicyInfo(sharedPolicies, shares);
}

/** The names of the people whose shares the user holds, by user id (for "changed by …"). */
export async function readShareOwnerNames(db: TrackerDb): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const share of await db.shares.toArray()) {
    const label = ownerLabel(share);
    if (label) names.set(share.owner_id, label);
  }
  return names;
}

/**
 * The user's reminder switch for their shares, as set_share_reminders answered it, so the
 * screens and local reminders follow at once rather than after the next pull.
 */
export async function setLocalShareReminders(
  db: TrackerDb,
  shareIds: readonly string[],
  enabled: boolean,
): Promise<void> {
  await db.transaction('rw', db.shares, async () => {
    for (const id of shareIds) await db.shares.update(id, { reminders_enabled: enabled });
  });
}
