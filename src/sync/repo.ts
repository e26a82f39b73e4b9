import Dexie, { type Transaction } from 'dexie';
import { afterCompression, chooseStoredCopy, shouldCompress } from '@/domain/documents';
import { nextRenewalAfter } from '@/domain/policy';
import { MessageError, messageRef, type MessageRef } from '@/domain/message';
// The module itself, not the transfer index: the repo is in every page's bundle, the import's
// checks are not.
import { unsavedPayments } from '@/domain/transfer/payments';
import {
  documentStoragePath,
  MAX_DOCUMENTS_PER_POLICY,
  paymentDetailsSchema,
  paymentInputSchema,
  personInputSchema,
  photoDocumentInputSchema,
  policyFieldNames,
  policyDocumentInputSchema,
  policyInputSchema,
  policyTypeInputSchema,
  type DocumentMimeType,
  type PaymentDetails,
  type PaymentDetailsInput,
  type PaymentInput,
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
  type PaymentRecord,
  type PersonRecord,
  type PolicyDocumentRecord,
  type PolicyMemberRecord,
  type PolicyRecord,
  type SyncedRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import { dismissPolicyNotice, readPolicyNotices, rememberOwnWrites } from './conflicts';
import { reconcile } from './reconcile';
import {
  deleteLocal,
  handedToNetwork,
  opsFor,
  readClaimedThrough,
  readLocal,
  readServerRow,
  requeued,
  syncTables,
  pendingOpsOf,
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
  /**
   * Payments an import brings for the policy: each one it does not have yet (same date and
   * amount) is recorded with it, in the same transaction. None are deleted.
   */
  payments?: readonly PaymentDetailsInput[];
};

/** What Mark Renewed did, for its Undo. */
export interface RenewalReceipt {
  policy_id: string;
  /** The next renewal date before the renewal. */
  renewed_from: string;
  next_renewal_date: string;
  /** The payment recorded with the renewal, if one was. */
  payment_id: string | null;
}

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
  /**
   * Mark Renewed: one period forward from the current next renewal date, recording the
   * payment made for it when one is given (validated; throws the ZodError).
   */
  renewPolicy(id: string, payment?: PaymentDetailsInput): Promise<RenewalReceipt>;
  /**
   * Takes a renewal back: the renewal date returns to where it was (unless it was changed
   * again since) and its payment is deleted. Works before and after the renewal synced.
   */
  undoRenewal(receipt: RenewalReceipt): Promise<void>;
  /** Records a payment for one of the user's live policies; returns its id. */
  addPayment(input: PaymentInput): Promise<string>;
  updatePayment(id: string, details: PaymentDetailsInput): Promise<void>;
  deletePayment(id: string): Promise<void>;
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
  /**
   * Attaches a file to a live policy: the document's row, its outbox entry and the file itself
   * (the upload queue's entry) in one transaction, so a file is never stored without its row
   * nor a row queued without its file. Returns the document's id.
   *
   * A photo the device makes smaller (shouldCompress) is stored as chosen, up to 40 MB, so it
   * is on the device at once; its row is queued only by storeCompressedPhoto, with the size
   * and type of the copy that goes up (the server fixes both when it creates the row).
   */
  addDocument(input: NewDocument, file: Blob): Promise<string>;
  /**
   * The upload queue's end of a compression (`compressed` null: the compressor failed): the
   * smaller copy replaces the stored photo, and the row, with its size and type, is queued
   * for the server. When neither copy fits 10 MB the photo stays on this device with the
   * reason. A document deleted meanwhile, or whose policy was, is dropped with its file.
   */
  storeCompressedPhoto(
    id: string,
    compressed: { blob: Blob; mime: DocumentMimeType } | null,
  ): Promise<'queued' | 'kept' | 'gone'>;
  /** The one edit a document allows (the server refuses any other). */
  renameDocument(id: string, name: string): Promise<void>;
  /**
   * Deletes a document and its copy on this device; the server's cleanup job removes the
   * stored file once the tombstone arrives.
   */
  deleteDocument(id: string): Promise<void>;
  /** Sends a failed change again. */
  retryOp(opId: string): Promise<void>;
  /** Gives up a failed change: the row goes back to the server's last known state. */
  discardOp(opId: string): Promise<void>;
}

export interface NewDocument {
  policy_id: string;
  name: string;
  mime_type: DocumentMimeType;
}

export interface TrackerRepoOptions {
  /** Called after every committed write (the sync engine's "write" trigger). */
  onWrite?: () => void;
  now?: () => Date;
  newId?: () => string;
  /** navigator.storage.persist by default; asked once, after the first saved policy. */
  requestPersistentStorage?: () => Promise<boolean>;
}

/**
 * A class of refusal the screens tell apart by instanceof. Its name is set, not taken from
 * the class: minification renames classes.
 */
function refusal(name: string, reason: MessageRef) {
  return class extends MessageError {
    // The id of what is missing, for logs and tests; the user reads `reason`.
    constructor(readonly id?: string) {
      super(reason);
      this.name = name;
    }
  };
}

export const PolicyNotFoundError = refusal(
  'PolicyNotFoundError',
  messageRef('tracker.error.policyNotFound'),
);
export const PaymentNotFoundError = refusal(
  'PaymentNotFoundError',
  messageRef('tracker.error.paymentNotFound'),
);
export const PersonNotFoundError = refusal(
  'PersonNotFoundError',
  messageRef('tracker.error.personNotFound'),
);
export const DocumentNotFoundError = refusal(
  'DocumentNotFoundError',
  messageRef('tracker.error.documentNotFound'),
);
export const PolicyTypeNotEditableError = refusal(
  'PolicyTypeNotEditableError',
  messageRef('tracker.error.typeNotEditable'),
);
/**
 * The policy already has its 20 live documents (the database counts the same way; the
 * catalog says MAX_DOCUMENTS_PER_POLICY).
 */
export const DocumentLimitError = refusal(
  'DocumentLimitError',
  messageRef('tracker.error.documentLimit'),
);
export const OpNotDiscardableError = refusal(
  'OpNotDiscardableError',
  messageRef('tracker.error.notDiscardable'),
);

/**
 * A policy named an existing person with another relationship. People are shared by every
 * policy, so saving would change them everywhere: that takes changeRelationship, never a save.
 * The form asks first; this is said when the person reached the device (another device's
 * sync) after the form was opened.
 */
export class RelationshipMismatchError extends MessageError {
  constructor(
    readonly personName: string,
    readonly saved: string,
    readonly wanted: string,
  ) {
    super(messageRef('tracker.error.relationshipMismatch', { name: personName, saved, wanted }));
    this.name = 'RelationshipMismatchError';
  }
}

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
  payments: PaymentDetails[];
}

type PaymentFields = Pick<PaymentRecord, 'amount' | 'paid_on' | 'mode' | 'reference'>;

/** The change that puts a person on a policy. */
function linkUpsert(policyId: string, personId: string) {
  return {
    table: 'policy_members' as const,
    kind: 'upsert' as const,
    record_id: memberKey(policyId, personId),
    row: { policy_id: policyId, person_id: personId },
  };
}

/** The sync columns of a row made on this device: no server copy yet (server_seq 0). */
function newRecord(at: string): SyncedRecord {
  return { created_at: at, updated_at: at, deleted_at: null, server_seq: 0 };
}

/**
 * The test for ops that never reached the server for sure: never handed to the network, or
 * sent and refused. Callers run inside a transaction holding the outbox and meta tables.
 */
async function surelyUnapplied(db: TrackerDb): Promise<(op: OutboxEntry) => boolean> {
  const claimed = await readClaimedThrough(db);
  return (op) => op.status === 'failed' || !handedToNetwork(op, claimed);
}

function mergeable(op: OutboxEntry, claimed: number): boolean {
  // Once handed to the network an op may already be applied; merging into it then would
  // lose the new fields when its acknowledgement removes it.
  return op.kind === 'upsert' && op.status === 'pending' && !handedToNetwork(op, claimed);
}

/**
 * The next outbox seq. Callers run inside a transaction holding the outbox and meta tables.
 * The outbox's own last seq and the claim mark also count: databases written before the
 * counter existed (a new op under the mark would pass for one already sent).
 */
async function nextOutboxSeq(db: TrackerDb): Promise<number> {
  const stored = (await db.meta.get(META_OUTBOX_SEQ))?.value;
  const lastQueued = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
  const claimed = await readClaimedThrough(db);
  const next = Math.max(typeof stored === 'number' ? stored : 0, lastQueued, claimed) + 1;
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

  /**
   * The outbox seqs of a savePolicies transaction, counted on in memory: the counter is read
   * and written once for the whole chunk, where each queued change would otherwise read it,
   * read the outbox's last entry and write it back (an import of 1,000 policies with two
   * members each queues 3,000 changes). Keyed by transaction, so a write running meanwhile
   * in a transaction of its own still takes its seq from the store.
   */
  const seqBatches = new WeakMap<Transaction, { next: number }>();

  /** The first of `count` consecutive outbox seqs, all taken. */
  async function takeSeqs(count: number): Promise<number> {
    const transaction = Dexie.currentTransaction;
    const batch = transaction ? seqBatches.get(transaction) : undefined;
    if (batch) {
      const first = batch.next;
      batch.next += count;
      return first;
    }
    const first = await nextOutboxSeq(db);
    if (count > 1) await db.meta.put({ key: META_OUTBOX_SEQ, value: first + count - 1 });
    return first;
  }

  /** A change to queue, without its seq (taken when it is written). */
  function queued(
    op: Pick<OutboxEntry, 'table' | 'kind' | 'record_id' | 'row'> & { renewed_from?: string },
  ): Omit<OutboxEntry, 'seq'> {
    return {
      ...op,
      op_id: newId(),
      created_at: now(),
      user_id: userId,
      status: 'pending',
      attempts: 0,
    };
  }

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
      if (last && mergeable(last, await readClaimedThrough(db))) {
        await db.outbox.update(last.op_id, { row: { ...last.row, ...op.row } });
        return;
      }
    }
    const entry = queued(op);
    await db.outbox.add({ ...entry, seq: await takeSeqs(1) });
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
    if (!ops.every(await surelyUnapplied(db))) return false;
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
      await db.outbox.bulkDelete(ops.filter(await surelyUnapplied(db)).map((o) => o.op_id));
      await deleteLocal(db, 'policy_members', recordId);
    }
  }

  /** Checks one policy for saving; throws the ZodError. */
  function prepareSave(input: SavePolicyInput): PreparedSave {
    const { id: givenId, members, payments = [], ...fields } = input;
    return {
      givenId,
      id: givenId ?? newId(),
      values: policyInputSchema.parse(fields),
      wanted: normaliseMembers(members),
      payments: payments.map((p) => paymentDetailsSchema.parse(p)),
    };
  }

  /**
   * Writes one checked policy, its people and links with their outbox entries. Callers hold
   * a transaction on syncTables.
   */
  async function writePolicy(save: PreparedSave, at: string): Promise<void> {
    const { givenId, id, values, wanted, payments } = save;
    if (!givenId) {
      await addNewPolicies([save], at);
      return;
    }
    const existing = await db.policies.get(givenId);
    if (!existing || existing.deleted_at !== null) throw new PolicyNotFoundError(givenId);

    const changed: Record<string, unknown> = {};
    for (const field of policyFieldNames) {
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

    // A policy shared with the user as editor (issue 18): its members and their people are
    // the owner's, which the server lets no one else change, so an edit leaves them as they are.
    if (existing.user_id !== userId) return;

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
      await enqueue(linkUpsert(id, personId));
    }
    for (const [personId, link] of live) {
      if (!personIds.has(personId)) await removeLink(link, at);
    }

    if (payments.length > 0) {
      const saved = (await db.payments.where('policy_id').equals(id).toArray()).filter(
        (p) => p.deleted_at === null,
      );
      for (const payment of unsavedPayments(payments, saved)) {
        await recordPayment(id, payment, at);
      }
    }
  }

  /**
   * New policies with their people, member links and payments, and the changes to send: one
   * bulk request per table. One by one, an import's chunk of 50 made some 700 requests (each
   * person looked up, each change's queue checked, though nothing can be queued yet for a row
   * that did not exist), most of a 1,000-row import's 30 s. People are matched by name as
   * personFor does; callers hold a transaction on syncTables.
   */
  async function addNewPolicies(saves: readonly PreparedSave[], at: string): Promise<void> {
    if (saves.length === 0) return;
    const names = [...new Set(saves.flatMap((save) => save.wanted.map((m) => m.name)))];
    const people = new Map<string, PersonRecord>();
    // In the index's order (name, then id): the first live one, as personFor's first().
    for (const person of await db.people.where('name').anyOf(names).toArray()) {
      if (person.deleted_at === null && !people.has(person.name)) people.set(person.name, person);
    }
    const rows = {
      policies: [] as PolicyRecord[],
      people: [] as PersonRecord[],
      links: [] as PolicyMemberRecord[],
      payments: [] as PaymentRecord[],
      ops: [] as Omit<OutboxEntry, 'seq'>[],
    };
    for (const { id, values, wanted, payments } of saves) {
      rows.policies.push({ id, user_id: userId, ...values, ...newRecord(at) });
      rows.ops.push(
        queued({
          table: 'policies',
          kind: 'upsert',
          record_id: id,
          row: { id, ...values, created_at: at },
        }),
      );
      const personIds = new Set<string>();
      for (const member of wanted) {
        const saved = people.get(member.name);
        if (saved) {
          personIds.add(sameRelationship(saved, member).id);
          continue;
        }
        const { person, op } = newPerson(member, at);
        people.set(person.name, person);
        rows.people.push(person);
        rows.ops.push(op);
        personIds.add(person.id);
      }
      for (const personId of personIds) {
        rows.links.push({ policy_id: id, person_id: personId, user_id: userId, ...newRecord(at) });
        rows.ops.push(queued(linkUpsert(id, personId)));
      }
      for (const details of payments) {
        const { payment, op } = newPayment(id, details, at);
        rows.payments.push(payment);
        rows.ops.push(op);
      }
    }
    await db.people.bulkAdd(rows.people);
    await db.policies.bulkAdd(rows.policies);
    await db.policyMembers.bulkAdd(rows.links);
    await db.payments.bulkAdd(rows.payments);
    const first = await takeSeqs(rows.ops.length);
    await db.outbox.bulkAdd(rows.ops.map((op, index) => ({ ...op, seq: first + index })));
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

  async function livePolicy(id: string): Promise<PolicyRecord> {
    const row = await db.policies.get(id);
    if (!row || row.deleted_at !== null) throw new PolicyNotFoundError(id);
    return row;
  }

  /** Records a payment (validated by the caller) and queues its creation. */
  async function recordPayment(
    policyId: string,
    details: PaymentFields,
    at: string,
  ): Promise<string> {
    const { payment, op } = newPayment(policyId, details, at);
    await db.payments.add(payment);
    await db.outbox.add({ ...op, seq: await takeSeqs(1) });
    return payment.id;
  }

  /** A payment recorded on this device, and the change that sends it. */
  function newPayment(policyId: string, details: PaymentFields, at: string) {
    const payment: PaymentRecord = {
      id: newId(),
      user_id: userId,
      policy_id: policyId,
      ...details,
      ...newRecord(at),
    };
    const op = queued({
      table: 'payments',
      kind: 'upsert',
      record_id: payment.id,
      row: { id: payment.id, policy_id: policyId, ...details, created_at: at },
    });
    return { payment, op };
  }

  async function removePayment(id: string): Promise<void> {
    const row = await db.payments.get(id);
    if (!row || row.deleted_at !== null) return;
    // Recorded and deleted before sending: nothing ever reaches the server.
    if (await cancelIfLocalOnly('payments', id)) return;
    await db.payments.put({ ...row, deleted_at: now() });
    // policy_id rides along so a refused delete shows on its policy's card.
    await enqueue({
      table: 'payments',
      kind: 'delete',
      record_id: id,
      row: { id, policy_id: row.policy_id },
    });
  }

  /**
   * The payments and documents of a policy that never reached the server go with it, and so
   * does a document's queued file: the server would refuse each for want of the policy.
   * Callers hold a transaction on syncTables and documentFiles.
   */
  async function dropChildrenOfLocalPolicy(policyId: string): Promise<void> {
    const payments = await db.payments.where('policy_id').equals(policyId).toArray();
    for (const payment of payments) await cancelIfLocalOnly('payments', payment.id);
    const documents = await db.policyDocuments.where('policy_id').equals(policyId).toArray();
    for (const document of documents) {
      if (await cancelIfLocalOnly('policy_documents', document.id)) {
        await db.documentFiles.delete(document.id);
      }
    }
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
    if (existing) return sameRelationship(existing, member).id;
    const { person, op } = newPerson(member, at);
    await db.people.add(person);
    await db.outbox.add({ ...op, seq: await takeSeqs(1) });
    return person.id;
  }

  /** A saved person named as a member: only with the relationship they were saved with. */
  function sameRelationship(person: PersonRecord, member: MemberInput): PersonRecord {
    if (person.relationship !== member.relationship) {
      throw new RelationshipMismatchError(person.name, person.relationship, member.relationship);
    }
    return person;
  }

  /** A person first named on this device, and the change that sends them. */
  function newPerson(member: MemberInput, at: string) {
    const person: PersonRecord = {
      id: newId(),
      user_id: userId,
      name: member.name,
      relationship: member.relationship,
      ...newRecord(at),
    };
    const op = queued({
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
    return { person, op };
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
      await db.transaction('rw', syncTables(db), async (transaction) => {
        const batch = { next: await nextOutboxSeq(db) };
        seqBatches.set(transaction, batch);
        // Edits one by one, then the new policies together (after the edits, so a person an
        // edit added is found by name like any saved one).
        for (const save of saves) if (save.givenId) await writePolicy(save, at);
        await addNewPolicies(
          saves.filter((save) => !save.givenId),
          at,
        );
        // The counter keeps the last seq handed out, as nextOutboxSeq leaves it.
        await db.meta.put({ key: META_OUTBOX_SEQ, value: batch.next - 1 });
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
        if (deletes.length > 0 && deletes.every(await surelyUnapplied(db))) {
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
          Object.fromEntries(policyFieldNames.map((f) => [f, f in mine ? mine[f] : row[f]])),
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

    async renewPolicy(id, payment) {
      const details = payment === undefined ? null : paymentDetailsSchema.parse(payment);
      const receipt = await db.transaction('rw', syncTables(db), async () => {
        const row = await livePolicy(id);
        const from = row.next_renewal_date;
        const nextDate = nextRenewalAfter(row);
        await db.policies.put({ ...row, next_renewal_date: nextDate });
        await enqueue({
          table: 'policies',
          kind: 'renew',
          record_id: id,
          row: { id },
          renewed_from: from,
        });
        await rememberOwnWrites(db, id, { next_renewal_date: nextDate });
        const paymentId = details ? await recordPayment(id, details, now()) : null;
        return {
          policy_id: id,
          renewed_from: from,
          next_renewal_date: nextDate,
          payment_id: paymentId,
        } satisfies RenewalReceipt;
      });
      notify();
      return receipt;
    },

    async undoRenewal(receipt) {
      await db.transaction('rw', syncTables(db), async () => {
        if (receipt.payment_id) await removePayment(receipt.payment_id);
        const row = await db.policies.get(receipt.policy_id);
        // Deleted, or its date changed again since: there is no renewal left to take back.
        if (!row || row.deleted_at !== null) return;
        if (row.next_renewal_date !== receipt.next_renewal_date) return;
        // An explicit reverse write, queued after the renew, rather than pulling the renew
        // out of the outbox: the renew may be on the wire at this moment (sent, no answer
        // yet), and sync_push applies ops in queue order, so renew-then-revert leaves the
        // server's date where it was whether the renew had already landed or not.
        const back = { next_renewal_date: receipt.renewed_from };
        await db.policies.put({ ...row, ...back });
        await enqueue({
          table: 'policies',
          kind: 'upsert',
          record_id: row.id,
          row: { id: row.id, ...back },
        });
        await rememberOwnWrites(db, row.id, back);
      });
      notify();
    },

    async addPayment(input) {
      const { policy_id: policyId, ...details } = paymentInputSchema.parse(input);
      const id = await db.transaction('rw', syncTables(db), async () => {
        await livePolicy(policyId);
        return recordPayment(policyId, details, now());
      });
      notify();
      return id;
    },

    async updatePayment(id, input) {
      const details = paymentDetailsSchema.parse(input);
      await db.transaction('rw', syncTables(db), async () => {
        const row = await db.payments.get(id);
        if (!row || row.deleted_at !== null) throw new PaymentNotFoundError(id);
        const changed: Record<string, unknown> = {};
        for (const field of ['amount', 'paid_on', 'mode', 'reference'] as const) {
          if (row[field] !== details[field]) changed[field] = details[field];
        }
        if (Object.keys(changed).length === 0) return;
        await db.payments.put({ ...row, ...details });
        await enqueue({
          table: 'payments',
          kind: 'upsert',
          record_id: id,
          row: { id, policy_id: row.policy_id, ...changed },
        });
      });
      notify();
    },

    async deletePayment(id) {
      await db.transaction('rw', syncTables(db), async () => {
        await removePayment(id);
      });
      notify();
    },

    async deletePolicy(id) {
      await db.transaction('rw', [...syncTables(db), db.documentFiles], async () => {
        const row = await db.policies.get(id);
        if (!row || row.deleted_at !== null) return;
        if (await cancelIfLocalOnly('policies', id)) {
          await dropLinksOfPolicy(id);
          await dropChildrenOfLocalPolicy(id);
          return;
        }
        // Delete wins on the server, so unsent or refused changes of the policy are moot.
        const ops = await opsFor(db, 'policies', id);
        await db.outbox.bulkDelete(ops.filter(await surelyUnapplied(db)).map((o) => o.op_id));
        await db.policies.put({ ...row, deleted_at: now() });
        await enqueue({ table: 'policies', kind: 'delete', record_id: id, row: { id } });
        // The server tombstones the links with the policy; their tombstones come back by pull.
        // Payments stay as they are until then (readers skip those of a deleted policy), so a
        // restore before the delete is sent brings them back untouched, unsent ones included.
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
          ...newRecord(at),
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

    async addDocument(input, file) {
      const compress = shouldCompress(input.mime_type, file.size);
      const values = (compress ? photoDocumentInputSchema : policyDocumentInputSchema).parse({
        ...input,
        size: file.size,
      });
      const id = newId();
      const at = now();
      await db.transaction('rw', [...syncTables(db), db.documentFiles], async () => {
        const policy = await db.policies.get(values.policy_id);
        if (!policy || policy.deleted_at !== null) throw new PolicyNotFoundError(values.policy_id);
        const live = await db.policyDocuments
          .where('policy_id')
          .equals(values.policy_id)
          .filter((d) => d.deleted_at === null)
          .count();
        if (live >= MAX_DOCUMENTS_PER_POLICY) throw new DocumentLimitError();
        const row: PolicyDocumentRecord = {
          id,
          user_id: userId,
          ...values,
          storage_path: documentStoragePath({ user_id: userId, policy_id: values.policy_id, id }),
          ...newRecord(at),
        };
        await db.policyDocuments.add(row);
        if (!compress) {
          await enqueue({
            table: 'policy_documents',
            kind: 'upsert',
            record_id: id,
            row: { id, ...values, created_at: at },
          });
        }
        await db.documentFiles.add({
          id,
          policy_id: values.policy_id,
          blob: file,
          upload: compress ? 'compress' : 'pending',
          attempts: 0,
          retry_at: null,
          stored_at: at,
        });
      });
      notify();
      await maybeRequestPersistence();
      return id;
    },

    async storeCompressedPhoto(id, compressed) {
      const outcome = await db.transaction(
        'rw',
        [...syncTables(db), db.documentFiles],
        async (): Promise<'queued' | 'kept' | 'gone'> => {
          const [file, row] = await Promise.all([
            db.documentFiles.get(id),
            db.policyDocuments.get(id),
          ]);
          // Deleted meanwhile, or finished by another tab's queue.
          if (!file || file.upload !== 'compress' || !row || row.deleted_at !== null) return 'gone';
          const policy = await db.policies.get(row.policy_id);
          if (!policy || policy.deleted_at !== null) {
            // Its create could only be ignored by the server; a restored policy comes back
            // without its documents anyway (see the migration).
            await db.documentFiles.delete(id);
            await cancelIfLocalOnly('policy_documents', id);
            return 'gone';
          }
          const choice = chooseStoredCopy(file.blob, compressed?.blob ?? null);
          const state = afterCompression(file, choice);
          if (!choice.ok) {
            await db.documentFiles.put({ ...file, ...state });
            return 'kept';
          }
          const mime =
            compressed && choice.blob === compressed.blob ? compressed.mime : row.mime_type;
          const values = policyDocumentInputSchema.parse({
            policy_id: row.policy_id,
            name: row.name,
            mime_type: mime,
            size: choice.blob.size,
          });
          await db.policyDocuments.put({ ...row, ...values });
          await enqueue({
            table: 'policy_documents',
            kind: 'upsert',
            record_id: id,
            row: { id, ...values, created_at: row.created_at },
          });
          const { last_error: _none, ...rest } = file;
          await db.documentFiles.put({ ...rest, ...state, blob: choice.blob });
          return 'queued';
        },
      );
      if (outcome !== 'kept') notify();
      return outcome;
    },

    async renameDocument(id, name) {
      const values = policyDocumentInputSchema.pick({ name: true }).parse({ name });
      await db.transaction('rw', [...syncTables(db), db.documentFiles], async () => {
        const row = await db.policyDocuments.get(id);
        if (!row || row.deleted_at !== null) throw new DocumentNotFoundError(id);
        if (row.name === values.name) return;
        await db.policyDocuments.put({ ...row, name: values.name });
        // A photo still being made smaller has no create queued yet; it takes the name then.
        if ((await db.documentFiles.get(id))?.upload === 'compress') return;
        await enqueue({
          table: 'policy_documents',
          kind: 'upsert',
          record_id: id,
          row: { id, name: values.name },
        });
      });
      notify();
    },

    async deleteDocument(id) {
      await db.transaction('rw', [...syncTables(db), db.documentFiles], async () => {
        const row = await db.policyDocuments.get(id);
        if (!row || row.deleted_at !== null) return;
        await db.documentFiles.delete(id);
        if (await cancelIfLocalOnly('policy_documents', id)) return;
        const ops = await opsFor(db, 'policy_documents', id);
        await db.outbox.bulkDelete(ops.filter(await surelyUnapplied(db)).map((o) => o.op_id));
        await db.policyDocuments.put({ ...row, deleted_at: now() });
        await enqueue({ table: 'policy_documents', kind: 'delete', record_id: id, row: { id } });
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
        if (!(await surelyUnapplied(db))(op)) throw new OpNotDiscardableError();
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
  const pending = pendingOpsOf(await opsFor(db, table, recordId));
  const next = reconcile(table, local, remote, pending);
  await writeLocal(db, table, recordId, next);
  if (next !== null) return;

  if (table === 'policies') {
    // A payment cannot reach the server before its policy: none of these has a server copy.
    const payments = await db.payments.where('policy_id').equals(recordId).toArray();
    for (const payment of payments) {
      if (await readServerRow(db, 'payments', payment.id)) continue;
      const ops = await opsFor(db, 'payments', payment.id);
      await db.outbox.bulkDelete(ops.filter(await surelyUnapplied(db)).map((o) => o.op_id));
      await restoreRecord(db, 'payments', payment.id);
    }
  }
  if (table === 'policies' || table === 'people') {
    const index = table === 'policies' ? 'policy_id' : 'person_id';
    const links = await db.policyMembers.where(index).equals(recordId).toArray();
    for (const link of links) {
      const linkId = memberKey(link.policy_id, link.person_id);
      if (await readServerRow(db, 'policy_members', linkId)) continue;
      const ops = await opsFor(db, 'policy_members', linkId);
      await db.outbox.bulkDelete(ops.filter(await surelyUnapplied(db)).map((o) => o.op_id));
      await restoreRecord(db, 'policy_members', linkId);
    }
  }
}
