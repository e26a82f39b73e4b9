import { nextRenewalAfter } from '@/domain/policy';
import {
  personInputSchema,
  policyContactFields,
  policyInputSchema,
  policyTypeInputSchema,
  type PolicyInput,
  type PolicyTypeInput,
  type PolicyValues,
  type SyncTable,
} from '@/domain/schemas';
import {
  META_OUTBOX_SEQ,
  META_PERSIST_REQUESTED,
  memberKey,
  type OutboxEntry,
  type PersonRecord,
  type PolicyMemberRecord,
  type PolicyRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import { dismissPolicyNotice, readPolicyNotices, rememberOwnWrites } from './conflicts';
import { reconcile } from './reconcile';
import {
  deleteLocal,
  opsFor,
  readLocal,
  readServerRow,
  requeued,
  syncTables,
  toPendingOp,
  writeLocal,
} from './rows';

/**
 * Every local change of the tracker: the row and its outbox entry in one Dexie transaction,
 * so the screen (reading Dexie through useLiveQuery) shows it at once and the sync engine
 * can never see one without the other.
 */

export interface MemberInput {
  name: string;
  relationship: string;
}

export type SavePolicyInput = PolicyInput & {
  /** Absent: a new policy. Present: edit that policy. */
  id?: string;
  members: MemberInput[];
};

export interface TrackerRepo {
  /** Validates (throws the ZodError), saves, and returns the policy's id. */
  savePolicy(input: SavePolicyInput): Promise<string>;
  /**
   * Saves many policies as savePolicy does, in one transaction (an import's chunk: the screens
   * redraw once, not once per policy). All or nothing; returns the ids in order.
   */
  savePolicies(inputs: readonly SavePolicyInput[]): Promise<string[]>;
  /**
   * Brings back a policy deleted within the last 30 days (here or on another device): the
   * delete is taken back if it never left the device, otherwise a restore is queued.
   */
  restorePolicy(id: string): Promise<void>;
  /** Puts back the values another device replaced, as a "Changed on another device" notice lists. */
  keepMyValues(policyId: string): Promise<void>;
  /** Mark Renewed: one period forward from the current next renewal date. */
  renewPolicy(id: string): Promise<{ next_renewal_date: string }>;
  deletePolicy(id: string): Promise<void>;
  /** The user's own custom type; returns its id. */
  createPolicyType(input: PolicyTypeInput): Promise<string>;
  /** Renames (and re-icons) one of the user's own types; global types are the admin's. */
  updatePolicyType(id: string, input: PolicyTypeInput): Promise<void>;
  /**
   * Deletes one of the user's own types. Its policies stay, without a type (shown as
   * Uncategorised until another is chosen), as when the admin deletes a global type.
   * Returns how many policies lost their type.
   */
  deletePolicyType(id: string): Promise<number>;
  /** The explicit edit of a person's relationship, on every policy that covers them. */
  changeRelationship(personId: string, relationship: string): Promise<void>;
  /** Sends a failed change again. */
  retryOp(opId: string): Promise<void>;
  /** Gives up a failed change: the row goes back to the server's last known state. */
  discardOp(opId: string): Promise<void>;
}

export interface TrackerRepoOptions {
  /** Called after every committed write (the sync engine's "write" trigger). */
  onWrite?: () => void;
  now?: () => Date;
  newId?: () => string;
  /** navigator.storage.persist by default; asked once, after the first saved policy. */
  requestPersistentStorage?: () => Promise<boolean>;
}

export class PolicyNotFoundError extends Error {
  constructor(id: string) {
    super(`Policy ${id} was not found`);
    this.name = 'PolicyNotFoundError';
  }
}

export class PolicyTypeNotEditableError extends Error {
  constructor() {
    super('Only your own policy types can be renamed or deleted');
    this.name = 'PolicyTypeNotEditableError';
  }
}

export class PersonNotFoundError extends Error {
  constructor(id: string) {
    super(`Person ${id} was not found`);
    this.name = 'PersonNotFoundError';
  }
}

/**
 * A policy named an existing person with another relationship. People are shared by every
 * policy, so saving would change them everywhere: that takes changeRelationship, never a save.
 */
export class RelationshipMismatchError extends Error {
  constructor(
    readonly personName: string,
    readonly saved: string,
    readonly wanted: string,
  ) {
    super(
      `${personName} is saved as ${saved}. Change ${personName} to ${wanted} on every policy, or keep ${saved}.`,
    );
    this.name = 'RelationshipMismatchError';
  }
}

export class OpNotDiscardableError extends Error {
  constructor() {
    super('This change may already have reached the server; it can be discarded once refused');
    this.name = 'OpNotDiscardableError';
  }
}

const POLICY_FIELDS = [
  'policy_type_id',
  'insurer_name',
  'policy_number',
  'product_name',
  'start_date',
  'next_renewal_date',
  'renewal_frequency',
  'sum_insured',
  'premium_amount',
  'additional_details',
  ...policyContactFields,
] as const satisfies readonly (keyof PolicyValues & keyof PolicyRecord)[];

function defaultPersist(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) {
    return Promise.resolve(false);
  }
  return navigator.storage.persist();
}

/** Member rows the form sends: only those with both fields, one per name (the last wins). */
function normaliseMembers(members: readonly MemberInput[]) {
  const byName = new Map<string, { name: string; relationship: string }>();
  for (const member of members) {
    if (member.name.trim() === '' || member.relationship.trim() === '') continue;
    const parsed = personInputSchema.parse(member);
    byName.set(parsed.name, parsed);
  }
  return [...byName.values()];
}

/** A policy checked for saving, before its transaction. */
interface PreparedSave {
  givenId: string | undefined;
  id: string;
  values: PolicyValues;
  wanted: MemberInput[];
}

/** The op never reached the server for sure: never sent, or sent and refused. */
function surelyUnapplied(op: OutboxEntry): boolean {
  return op.attempts === 0 || op.status === 'failed';
}

function mergeable(op: OutboxEntry | undefined): op is OutboxEntry {
  // Once handed to the network an op may already be applied; merging into it then would
  // lose the new fields when its acknowledgement removes it.
  return op !== undefined && op.kind === 'upsert' && op.status === 'pending' && op.attempts === 0;
}

/**
 * The next outbox seq. Callers run inside a transaction holding the outbox and meta tables.
 * The outbox's own last seq also counts: databases written before the counter existed.
 */
async function nextOutboxSeq(db: TrackerDb): Promise<number> {
  const stored = (await db.meta.get(META_OUTBOX_SEQ))?.value;
  const lastQueued = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
  const next = Math.max(typeof stored === 'number' ? stored : 0, lastQueued) + 1;
  await db.meta.put({ key: META_OUTBOX_SEQ, value: next });
  return next;
}

export function createTrackerRepo(
  db: TrackerDb,
  userId: string,
  options: TrackerRepoOptions = {},
): TrackerRepo {
  const now = () => (options.now ? options.now() : new Date()).toISOString();
  const newId = options.newId ?? (() => crypto.randomUUID());
  const requestPersist = options.requestPersistentStorage ?? defaultPersist;
  const notify = () => options.onWrite?.();

  if (db.userId !== userId) throw new Error('The tracker database belongs to another user');

  async function enqueue(
    op: Pick<OutboxEntry, 'table' | 'kind' | 'record_id' | 'row'> & { renewed_from?: string },
  ): Promise<void> {
    if (op.kind === 'upsert') {
      const last = (await opsFor(db, op.table, op.record_id)).at(-1);
      if (last?.kind === 'upsert' && last.status === 'failed') {
        // The server did not record the refused op, so the edit may still become part of it:
        // a refused create edited is a whole create again, not a partial update of nothing.
        await requeue({ ...last, row: { ...last.row, ...op.row } });
        return;
      }
      if (mergeable(last)) {
        await db.outbox.update(last.op_id, { row: { ...last.row, ...op.row } });
        return;
      }
    }
    const seq = await nextOutboxSeq(db);
    await db.outbox.add({
      ...op,
      op_id: newId(),
      seq,
      created_at: now(),
      user_id: userId,
      status: 'pending',
      attempts: 0,
    });
  }

  /**
   * Sends a refused op again; for a policy also its refused links, which the server refused
   * for want of the policy and which can land once it does.
   */
  async function requeue(op: OutboxEntry): Promise<void> {
    await db.outbox.put(requeued(op));
    if (op.table !== 'policies') return;
    const links = await db.policyMembers.where('policy_id').equals(op.record_id).toArray();
    for (const link of links) {
      const ops = await opsFor(db, 'policy_members', memberKey(link.policy_id, link.person_id));
      await db.outbox.bulkPut(ops.filter((o) => o.status === 'failed').map(requeued));
    }
  }

  /**
   * Drops a record that never reached the server together with every op about it, when
   * that is certain (no server copy, and each op either unsent or refused). Returns whether
   * it did: create-then-delete before sending cancels out.
   */
  async function cancelIfLocalOnly(table: SyncTable, recordId: string): Promise<boolean> {
    if (await readServerRow(db, table, recordId)) return false;
    const ops = await opsFor(db, table, recordId);
    if (!ops.every(surelyUnapplied)) return false;
    await db.outbox.bulkDelete(ops.map((o) => o.op_id));
    await deleteLocal(db, table, recordId);
    return true;
  }

  async function dropLinksOfPolicy(policyId: string): Promise<void> {
    const links = await db.policyMembers.where('policy_id').equals(policyId).toArray();
    for (const link of links) {
      const recordId = memberKey(link.policy_id, link.person_id);
      const ops = await opsFor(db, 'policy_members', recordId);
      // Unsent link changes of a deleted policy would only be refused or ignored.
      await db.outbox.bulkDelete(ops.filter(surelyUnapplied).map((o) => o.op_id));
      await deleteLocal(db, 'policy_members', recordId);
    }
  }

  /** Checks one policy for saving; throws the ZodError. */
  function prepareSave(input: SavePolicyInput): PreparedSave {
    const { id: givenId, members, ...fields } = input;
    return {
      givenId,
      id: givenId ?? newId(),
      values: policyInputSchema.parse(fields),
      wanted: normaliseMembers(members),
    };
  }

  /**
   * Writes one checked policy, its people and links with their outbox entries. Callers hold
   * a transaction on syncTables.
   */
  async function writePolicy(save: PreparedSave, at: string): Promise<void> {
    const { givenId, id, values, wanted } = save;
    const existing = givenId ? await db.policies.get(givenId) : undefined;
    if (givenId && (!existing || existing.deleted_at !== null)) {
      throw new PolicyNotFoundError(givenId);
    }

    if (!existing) {
      const row: PolicyRecord = {
        id,
        user_id: userId,
        ...values,
        created_at: at,
        updated_at: at,
        deleted_at: null,
        server_seq: 0,
      };
      await db.policies.add(row);
      await enqueue({
        table: 'policies',
        kind: 'upsert',
        record_id: id,
        row: { id, ...values, created_at: at },
      });
    } else {
      const changed: Record<string, unknown> = {};
      for (const field of POLICY_FIELDS) {
        // A contact field the form left out stays as it is (see keptOptionalText).
        if (values[field] === undefined) continue;
        if (existing[field] !== values[field]) changed[field] = values[field];
      }
      if (Object.keys(changed).length > 0) {
        await db.policies.put({ ...existing, ...values });
        await enqueue({
          table: 'policies',
          kind: 'upsert',
          record_id: id,
          row: { id, ...changed },
        });
        await rememberOwnWrites(db, id, changed);
      }
    }

    const personIds = new Set<string>();
    for (const member of wanted) personIds.add(await personFor(member, at));

    const links = await db.policyMembers.where('policy_id').equals(id).toArray();
    const live = new Map(
      links.filter((l) => l.deleted_at === null).map((l) => [l.person_id, l] as const),
    );
    for (const personId of personIds) {
      if (live.has(personId)) continue;
      const previous = links.find((l) => l.person_id === personId);
      await db.policyMembers.put({
        policy_id: id,
        person_id: personId,
        user_id: userId,
        created_at: previous?.created_at ?? at,
        updated_at: previous?.updated_at ?? at,
        deleted_at: null,
        server_seq: previous?.server_seq ?? 0,
      });
      await enqueue({
        table: 'policy_members',
        kind: 'upsert',
        record_id: memberKey(id, personId),
        row: { policy_id: id, person_id: personId },
      });
    }
    for (const [personId, link] of live) {
      if (!personIds.has(personId)) await removeLink(link, at);
    }
  }

  async function removeLink(link: PolicyMemberRecord, at: string): Promise<void> {
    const recordId = memberKey(link.policy_id, link.person_id);
    if (await cancelIfLocalOnly('policy_members', recordId)) return;
    await db.policyMembers.put({ ...link, deleted_at: at });
    await enqueue({
      table: 'policy_members',
      kind: 'delete',
      record_id: recordId,
      row: { policy_id: link.policy_id, person_id: link.person_id },
    });
  }

  async function personFor(
    member: { name: string; relationship: string },
    at: string,
  ): Promise<string> {
    const existing = await db.people
      .where('name')
      .equals(member.name)
      .filter((p) => p.deleted_at === null)
      .first();
    if (existing) {
      if (existing.relationship !== member.relationship) {
        throw new RelationshipMismatchError(
          existing.name,
          existing.relationship,
          member.relationship,
        );
      }
      return existing.id;
    }
    const person: PersonRecord = {
      id: newId(),
      user_id: userId,
      name: member.name,
      relationship: member.relationship,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      server_seq: 0,
    };
    await db.people.add(person);
    await enqueue({
      table: 'people',
      kind: 'upsert',
      record_id: person.id,
      row: {
        id: person.id,
        name: person.name,
        relationship: person.relationship,
        created_at: at,
      },
    });
    return person.id;
  }

  async function ownType(id: string): Promise<void> {
    const type = await db.policyTypes.get(id);
    if (!type || type.deleted_at !== null || type.user_id !== userId) {
      throw new PolicyTypeNotEditableError();
    }
  }

  async function maybeRequestPersistence(): Promise<void> {
    const asked = await db.meta.get(META_PERSIST_REQUESTED);
    if (asked) return;
    await db.meta.put({ key: META_PERSIST_REQUESTED, value: true });
    try {
      await requestPersist();
    } catch {
      // Best effort: the browser may refuse or not support it; data is still stored.
    }
  }

  return {
    async savePolicy(input) {
      const save = prepareSave(input);
      // An async scope, not an arrow returning the promise: Dexie then commits too early.
      await db.transaction('rw', syncTables(db), async () => {
        await writePolicy(save, now());
      });
      notify();
      await maybeRequestPersistence();
      return save.id;
    },

    async savePolicies(inputs) {
      // All checked before anything is written: one bad policy saves none of them.
      const saves = inputs.map(prepareSave);
      const at = now();
      await db.transaction('rw', syncTables(db), async () => {
        for (const save of saves) await writePolicy(save, at);
      });
      notify();
      if (saves.length > 0) await maybeRequestPersistence();
      return saves.map((save) => save.id);
    },

    async restorePolicy(id) {
      await db.transaction('rw', syncTables(db), async () => {
        const local = await db.policies.get(id);
        if (local && local.deleted_at === null) return;
        const deletes = (await opsFor(db, 'policies', id)).filter((op) => op.kind === 'delete');
        if (deletes.length > 0 && deletes.every(surelyUnapplied)) {
          await db.outbox.bulkDelete(deletes.map((op) => op.op_id));
        } else {
          await enqueue({ table: 'policies', kind: 'restore', record_id: id, row: { id } });
        }
        await restoreRecord(db, 'policies', id);
        // Links the server still has live come back now; those deleted with the policy come
        // back with the server's answer to the restore.
        const links = await db.serverRows
          .filter((r) => r.table === 'policy_members' && r.row.policy_id === id)
          .toArray();
        for (const link of links) await restoreRecord(db, 'policy_members', link.record_id);
        await dismissPolicyNotice(db, id);
      });
      notify();
    },

    async keepMyValues(policyId) {
      await db.transaction('rw', syncTables(db), async () => {
        const notice = (await readPolicyNotices(db)).find((n) => n.policy_id === policyId);
        const row = await db.policies.get(policyId);
        if (!notice || notice.kind !== 'changed' || !row || row.deleted_at !== null) return;
        const mine: Record<string, unknown> = {};
        for (const change of notice.changes) mine[change.field] = change.mine;
        const values = policyInputSchema.parse(
          Object.fromEntries(POLICY_FIELDS.map((f) => [f, f in mine ? mine[f] : row[f]])),
        );
        await db.policies.put({ ...row, ...values });
        await enqueue({
          table: 'policies',
          kind: 'upsert',
          record_id: policyId,
          row: { id: policyId, ...mine },
        });
        await rememberOwnWrites(db, policyId, mine);
      });
      notify();
    },

    async renewPolicy(id) {
      const next = await db.transaction('rw', syncTables(db), async () => {
        const row = await db.policies.get(id);
        if (!row || row.deleted_at !== null) throw new PolicyNotFoundError(id);
        const from = row.next_renewal_date;
        const nextDate = nextRenewalAfter(from, row.renewal_frequency);
        await db.policies.put({ ...row, next_renewal_date: nextDate });
        await enqueue({
          table: 'policies',
          kind: 'renew',
          record_id: id,
          row: { id },
          renewed_from: from,
        });
        await rememberOwnWrites(db, id, { next_renewal_date: nextDate });
        return nextDate;
      });
      notify();
      return { next_renewal_date: next };
    },

    async deletePolicy(id) {
      await db.transaction('rw', syncTables(db), async () => {
        const row = await db.policies.get(id);
        if (!row || row.deleted_at !== null) return;
        if (await cancelIfLocalOnly('policies', id)) {
          await dropLinksOfPolicy(id);
          return;
        }
        // Delete wins on the server, so unsent or refused changes of the policy are moot.
        const ops = await opsFor(db, 'policies', id);
        await db.outbox.bulkDelete(ops.filter(surelyUnapplied).map((o) => o.op_id));
        await db.policies.put({ ...row, deleted_at: now() });
        await enqueue({ table: 'policies', kind: 'delete', record_id: id, row: { id } });
        // The server tombstones the links with the policy; their tombstones come back by pull.
        await dropLinksOfPolicy(id);
      });
      notify();
    },

    async createPolicyType(input) {
      const values = policyTypeInputSchema.parse(input);
      const id = newId();
      const at = now();
      await db.transaction('rw', syncTables(db), async () => {
        await db.policyTypes.add({
          id,
          user_id: userId,
          name: values.name,
          icon: values.icon,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          server_seq: 0,
        });
        await enqueue({
          table: 'policy_types',
          kind: 'upsert',
          record_id: id,
          row: { id, name: values.name, icon: values.icon, created_at: at },
        });
      });
      notify();
      return id;
    },

    async updatePolicyType(id, input) {
      const values = policyTypeInputSchema.parse(input);
      await db.transaction('rw', syncTables(db), async () => {
        await ownType(id);
        await db.policyTypes.update(id, { name: values.name, icon: values.icon });
        await enqueue({
          table: 'policy_types',
          kind: 'upsert',
          record_id: id,
          row: { id, name: values.name, icon: values.icon },
        });
      });
      notify();
    },

    async deletePolicyType(id) {
      const untyped = await db.transaction('rw', syncTables(db), async () => {
        await ownType(id);
        const using = (await db.policies.where('policy_type_id').equals(id).toArray()).filter(
          (p) => p.deleted_at === null,
        );
        // Said explicitly rather than left pointing at a tombstone, so every device and the
        // admin's view agree that these policies have no type (the server's foreign key does
        // the same when the admin deletes a global type).
        for (const policy of using) {
          await db.policies.put({ ...policy, policy_type_id: null });
          await enqueue({
            table: 'policies',
            kind: 'upsert',
            record_id: policy.id,
            row: { id: policy.id, policy_type_id: null },
          });
        }
        if (!(await cancelIfLocalOnly('policy_types', id))) {
          await db.policyTypes.update(id, { deleted_at: now() });
          await enqueue({ table: 'policy_types', kind: 'delete', record_id: id, row: { id } });
        }
        return using.length;
      });
      notify();
      return untyped;
    },

    async changeRelationship(personId, relationship) {
      await db.transaction('rw', syncTables(db), async () => {
        const person = await db.people.get(personId);
        if (!person || person.deleted_at !== null) throw new PersonNotFoundError(personId);
        const values = personInputSchema.parse({ name: person.name, relationship });
        if (values.relationship === person.relationship) return;
        await db.people.put({ ...person, relationship: values.relationship });
        await enqueue({
          table: 'people',
          kind: 'upsert',
          record_id: personId,
          row: { id: personId, relationship: values.relationship },
        });
      });
      notify();
    },

    async retryOp(opId) {
      const updated = await db.transaction('rw', syncTables(db), async () => {
        const op = await db.outbox.get(opId);
        if (op?.status !== 'failed') return false;
        await requeue(op);
        return true;
      });
      if (updated) notify();
    },

    async discardOp(opId) {
      await db.transaction('rw', syncTables(db), async () => {
        const op = await db.outbox.get(opId);
        if (!op) return;
        if (!surelyUnapplied(op)) throw new OpNotDiscardableError();
        await db.outbox.delete(opId);
        await restoreRecord(db, op.table, op.record_id);
      });
      notify();
    },
  };
}

/**
 * Rebuilds one local row from the server's last known copy and the ops still waiting; when
 * nothing is left of it (it never reached the server), rows that hang off it go too, since
 * their own ops could only be refused.
 */
export async function restoreRecord(
  db: TrackerDb,
  table: SyncTable,
  recordId: string,
): Promise<void> {
  const local = await readLocal(db, table, recordId);
  const remote = await readServerRow(db, table, recordId);
  const pending = (await opsFor(db, table, recordId)).map(toPendingOp);
  const next = reconcile(table, local, remote, pending);
  await writeLocal(db, table, recordId, next);
  if (next !== null) return;

  if (table === 'policies' || table === 'people') {
    const index = table === 'policies' ? 'policy_id' : 'person_id';
    const links = await db.policyMembers.where(index).equals(recordId).toArray();
    for (const link of links) {
      const linkId = memberKey(link.policy_id, link.person_id);
      if (await readServerRow(db, 'policy_members', linkId)) continue;
      const ops = await opsFor(db, 'policy_members', linkId);
      await db.outbox.bulkDelete(ops.filter(surelyUnapplied).map((o) => o.op_id));
      await restoreRecord(db, 'policy_members', linkId);
    }
  }
}
