import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import {
  META_OUTBOX_CLAIMED,
  META_OUTBOX_SEQ,
  serverRowKey,
  type TrackerDb,
} from '@/db/tracker-db';
import { deleteTrackerDb, openTrackerDb } from '@/db/tracker-db';
import {
  readFailedChanges,
  readPayments,
  readPolicies,
  readPolicy,
  readSyncCounts,
} from './queries';
import { readLocal } from './rows';
import {
  createTrackerRepo,
  OpNotDiscardableError,
  PaymentNotFoundError,
  PolicyNotFoundError,
  PolicyTypeNotEditableError,
  RelationshipMismatchError,
  type SavePolicyInput,
} from './repo';
import { said as sayIn } from '../../tests/helpers/catalogs';
import { policyInput, storeHealthType } from '../../tests/helpers/tracker-fixtures';

const HEALTH = '00000000-0000-4000-8000-000000000001';
const users: string[] = [];

async function setup(options: Parameters<typeof createTrackerRepo>[2] = {}) {
  const userId = crypto.randomUUID();
  users.push(userId);
  const db = openTrackerDb(userId);
  await storeHealthType(db, HEALTH);
  const persist = vi.fn(() => Promise.resolve(true));
  const repo = createTrackerRepo(db, userId, { requestPersistentStorage: persist, ...options });
  return { db, repo, userId, persist };
}

afterEach(async () => {
  for (const userId of users.splice(0)) await deleteTrackerDb(userId);
});

const input = (fields: Partial<SavePolicyInput> = {}) => policyInput(HEALTH, fields);

async function outbox(db: TrackerDb) {
  return db.outbox.orderBy('seq').toArray();
}

/** What the engine does when it hands ops to the network. */
async function markSent(db: TrackerDb) {
  await db.outbox.toCollection().modify((op) => {
    op.attempts += 1;
  });
}

/** What the engine does when the server acknowledged everything. */
async function acknowledgeAll(db: TrackerDb) {
  const ops = await outbox(db);
  for (const op of ops) {
    const local = await readLocal(db, op.table, op.record_id);
    if (local) {
      await db.serverRows.put({
        key: serverRowKey(op.table, op.record_id),
        table: op.table,
        record_id: op.record_id,
        row: { ...local, server_seq: 1 },
        server_seq: 1,
      });
    }
  }
  await db.outbox.clear();
}

describe('savePolicy', () => {
  it('writes the policy, its people, links and their outbox entries together', async () => {
    const { db, repo, userId } = await setup();
    const id = await repo.savePolicy(
      input({
        members: [
          { name: 'Asha', relationship: 'Self' },
          { name: ' ', relationship: 'Spouse' },
          { name: 'Ravi', relationship: '' },
          { name: 'Meena', relationship: 'Mother' },
        ],
      }),
    );

    const policy = await db.policies.get(id);
    expect(policy).toMatchObject({ user_id: userId, insurer_name: 'Star Health', server_seq: 0 });
    const ops = await outbox(db);
    expect(ops.map((o) => [o.table, o.kind])).toEqual([
      ['policies', 'upsert'],
      ['people', 'upsert'],
      ['people', 'upsert'],
      ['policy_members', 'upsert'],
      ['policy_members', 'upsert'],
    ]);
    expect(ops[0]?.row).toMatchObject({ id, insurer_name: 'Star Health', premium_amount: 15000 });
    expect(ops.every((o) => o.status === 'pending' && o.attempts === 0)).toBe(true);

    const [view] = await readPolicies(db);
    expect(view?.type).toEqual({ id: HEALTH, name: 'Health', icon: 'HeartPulse' });
    // Only rows with both name and relationship are saved.
    expect(view?.members.map((m) => m.name)).toEqual(['Asha', 'Meena']);
    expect(view?.sync).toBe('pending');
  });

  it('refuses a renewal date before the start date and saves nothing', async () => {
    const { db, repo } = await setup();
    await expect(
      repo.savePolicy(input({ start_date: '2025-02-01', next_renewal_date: '2025-01-31' })),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await db.policies.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is one transaction: a failure half way leaves neither rows nor outbox entries', async () => {
    let calls = 0;
    const { db, repo } = await setup({
      newId: () => {
        calls += 1;
        // The policy id and its outbox op succeed, the person's id does not.
        if (calls === 3) throw new Error('boom');
        return crypto.randomUUID();
      },
    });
    await expect(
      repo.savePolicy(input({ members: [{ name: 'Asha', relationship: 'Self' }] })),
    ).rejects.toThrow('boom');
    expect(await db.policies.count()).toBe(0);
    expect(await db.people.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('merges unsent edits of a record into its waiting op', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await repo.savePolicy(input({ id, insurer_name: 'Niva Bupa' }));
    await repo.savePolicy(input({ id, insurer_name: 'Niva Bupa', premium_amount: 9000 }));

    const ops = await outbox(db);
    expect(ops).toHaveLength(1);
    expect(ops[0]?.row).toMatchObject({ id, insurer_name: 'Niva Bupa', premium_amount: 9000 });
    expect((await db.policies.get(id))?.premium_amount).toBe(9000);
  });

  it('does not merge into an op that may already be on the server; sends only the change', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await markSent(db);
    await repo.savePolicy(input({ id, policy_number: 'SH-2' }));
    const ops = await outbox(db);
    expect(ops).toHaveLength(2);
    expect(ops[1]?.row).toEqual({ id, policy_number: 'SH-2' });
    // Saving the same values again queues nothing.
    await repo.savePolicy(input({ id, policy_number: 'SH-2' }));
    expect(await db.outbox.count()).toBe(2);
  });

  it('reuses people by name and diffs the links', async () => {
    const { db, repo } = await setup();
    const first = await repo.savePolicy(
      input({ members: [{ name: 'Asha', relationship: 'Self' }] }),
    );
    await acknowledgeAll(db);
    await repo.savePolicy(
      input({
        policy_number: 'SH-9',
        members: [{ name: 'Asha', relationship: 'Self' }],
      }),
    );
    expect(await db.people.count()).toBe(1);

    await repo.savePolicy(
      input({ id: first, members: [{ name: 'Meena', relationship: 'Mother' }] }),
    );
    const ops = await outbox(db);
    const linkOps = ops.filter(
      (o) => o.table === 'policy_members' && o.record_id.startsWith(first),
    );
    expect(linkOps.map((o) => o.kind)).toEqual(['upsert', 'delete']);
    const view = await readPolicy(db, first);
    expect(view?.members.map((m) => m.name)).toEqual(['Meena']);
  });

  it('removing a link that was never sent cancels it instead of queueing a delete', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ members: [{ name: 'Asha', relationship: 'Self' }] }));
    await repo.savePolicy(input({ id, members: [] }));
    const ops = await outbox(db);
    expect(ops.map((o) => o.table)).toEqual(['policies', 'people']);
    expect(await db.policyMembers.count()).toBe(0);
  });

  it('editing a policy that does not exist fails without writing', async () => {
    const { db, repo } = await setup();
    await expect(repo.savePolicy(input({ id: crypto.randomUUID() }))).rejects.toBeInstanceOf(
      PolicyNotFoundError,
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks for persistent storage once, after the first saved policy', async () => {
    const { repo, persist } = await setup();
    await repo.savePolicy(input());
    await repo.savePolicy(input({ policy_number: 'SH-2' }));
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('tells the engine about each write', async () => {
    const onWrite = vi.fn();
    const { repo } = await setup({ onWrite });
    const id = await repo.savePolicy(input());
    await repo.renewPolicy(id);
    await repo.deletePolicy(id);
    expect(onWrite).toHaveBeenCalledTimes(3);
  });
});

describe('outbox order', () => {
  it('keeps counting after the outbox empties, so an op is never numbered like an earlier one', async () => {
    const { db, repo } = await setup();
    await repo.savePolicy(input({ policy_number: 'A' }));
    const first = await outbox(db);
    await acknowledgeAll(db);
    await repo.savePolicy(input({ policy_number: 'B' }));
    const second = await outbox(db);
    expect(second.length).toBeGreaterThan(0);
    const lastBefore = Math.max(...first.map((op) => op.seq));
    for (const op of second) expect(op.seq).toBeGreaterThan(lastBefore);
  });

  it('numbers a new op above every op a push claimed, also in a database older than the counter', async () => {
    const { db, repo } = await setup();
    // Ops up to 7 were sent (the claim mark) and answered; the counter was never stored.
    await db.meta.put({ key: META_OUTBOX_CLAIMED, value: 7 });
    await repo.savePolicy(input({ policy_number: 'A' }));
    const [op] = await outbox(db);
    expect(op?.seq).toBe(8);
    // So an edit still folds into it: it was never sent.
    await repo.savePolicy(input({ id: String(op?.record_id), policy_number: 'A-2' }));
    expect((await outbox(db)).map((o) => o.row.policy_number)).toEqual(['A-2']);
  });
});

describe('renewPolicy', () => {
  it('advances one period at once and queues a renewal carrying the date it renewed from', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ next_renewal_date: '2024-01-31' }));
    await expect(repo.renewPolicy(id)).resolves.toEqual({
      policy_id: id,
      renewed_from: '2024-01-31',
      next_renewal_date: '2024-02-29',
      payment_id: null,
    });
    const renew = (await outbox(db)).find((o) => o.kind === 'renew');
    expect(renew).toMatchObject({ record_id: id, renewed_from: '2024-01-31' });
    expect((await db.policies.get(id))?.next_renewal_date).toBe('2024-02-29');
  });

  it('edits after a renewal become a new op so the order is kept', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await repo.renewPolicy(id);
    await repo.savePolicy(input({ id, next_renewal_date: '2025-02-28', insurer_name: 'X' }));
    expect((await outbox(db)).map((o) => o.kind)).toEqual(['upsert', 'renew', 'upsert']);
  });
});

describe('deletePolicy', () => {
  it('create then delete before sending cancels out: no ops, no row, no links', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ members: [{ name: 'Asha', relationship: 'Self' }] }));
    await repo.renewPolicy(id);
    await repo.deletePolicy(id);
    const ops = await outbox(db);
    expect(ops.some((o) => o.record_id.startsWith(id))).toBe(false);
    expect(await db.policies.get(id)).toBeUndefined();
    expect(await db.policyMembers.count()).toBe(0);
    expect(await readPolicies(db)).toEqual([]);
  });

  it('a policy that may be on the server is tombstoned and a delete queued', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await markSent(db);
    await repo.deletePolicy(id);
    expect((await db.policies.get(id))?.deleted_at).not.toBeNull();
    expect((await outbox(db)).map((o) => o.kind)).toEqual(['upsert', 'delete']);
    expect(await readPolicies(db)).toEqual([]);
  });

  it('drops unsent edits of a synced policy: the delete supersedes them', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await acknowledgeAll(db);
    await repo.savePolicy(input({ id, insurer_name: 'Edited' }));
    await repo.deletePolicy(id);
    const ops = await outbox(db);
    expect(ops.map((o) => o.kind)).toEqual(['delete']);
  });
});

describe('failed changes', () => {
  async function fail(db: TrackerDb, opId: string) {
    await db.outbox.update(opId, {
      status: 'failed',
      attempts: 1,
      last_error: 'new row violates check constraint',
      last_error_code: '23514',
    });
  }

  it('discarding a failed edit restores the server copy', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await acknowledgeAll(db);
    await repo.savePolicy(input({ id, insurer_name: 'Refused' }));
    const [op] = await outbox(db);
    if (!op) throw new Error('no op');
    await fail(db, op.op_id);

    const [view] = await readPolicies(db);
    expect(view?.sync).toBe('failed');
    expect(view?.failedOps[0]).toMatchObject({ op_id: op.op_id, code: '23514' });
    expect(await readSyncCounts(db)).toEqual({ pending: 0, failed: 1 });

    await repo.discardOp(op.op_id);
    expect((await db.policies.get(id))?.insurer_name).toBe('Star Health');
    expect(await readFailedChanges(db)).toEqual([]);
  });

  it('reads each refusal’s reason as stored: a device reason by id, from an older version too', async () => {
    const { db, repo } = await setup();
    const ids = [
      await repo.savePolicy(input({ policy_number: 'A' })),
      await repo.savePolicy(input({ policy_number: 'B' })),
      await repo.savePolicy(input({ policy_number: 'C' })),
      await repo.savePolicy(input({ policy_number: 'D' })),
    ];
    const ops = await outbox(db);
    const stored: unknown[] = [
      // This version's.
      { id: 'tracker.sync.reason.tooLarge', values: { kb: 1280 } },
      // What an older version stored for the device's own reasons, in English.
      'This change is too large to sync (1280 KB; the server takes at most 1 MB). Shorten its text, then retry.',
      'The server refused this change',
      // A value no version wrote.
      { text: 42 },
    ];
    for (const [index, op] of ops.entries()) {
      // Whatever IndexedDB holds, as its type cannot promise.
      await db.outbox.update(op.op_id, { status: 'failed', last_error: stored[index] as never });
    }
    const reasons = new Map((await readFailedChanges(db)).map((c) => [c.record_id, c.message]));
    const said = (id: string | undefined, locale: 'en' | 'hi') => {
      const reason = reasons.get(id ?? '');
      return typeof reason === 'string' ? reason : reason && sayIn(reason, locale);
    };
    for (const id of ids.slice(0, 2)) {
      expect(said(id, 'en')).toBe(
        'This change is too large to sync (1,280 KB; the server takes at most 1 MB). Shorten its text, then retry.',
      );
      expect(said(id, 'hi')).toBe(
        'यह बदलाव सिंक होने के लिए बहुत बड़ा है (1,280 KB; सर्वर ज़्यादा से ज़्यादा 1 MB लेता है)। इसका टेक्स्ट छोटा करें, फिर दोबारा कोशिश करें।',
      );
    }
    expect(said(ids[2], 'hi')).toBe('सर्वर ने यह बदलाव नहीं माना');
    // Unreadable: the device's general reason.
    expect(said(ids[3], 'en')).toBe('The server refused this change');
  });

  it('discarding a failed create drops the policy and its links: it never reached the server', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ members: [{ name: 'Asha', relationship: 'Self' }] }));
    const create = (await outbox(db))[0];
    if (!create) throw new Error('no op');
    await fail(db, create.op_id);
    await repo.discardOp(create.op_id);
    expect(await db.policies.get(id)).toBeUndefined();
    expect(await db.policyMembers.count()).toBe(0);
    expect((await outbox(db)).map((o) => o.table)).toEqual(['people']);
  });

  it('keeps other pending edits when one failed op is discarded', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await acknowledgeAll(db);
    await repo.savePolicy(input({ id, insurer_name: 'Refused' }));
    await markSent(db);
    await repo.savePolicy(input({ id, insurer_name: 'Refused', policy_number: 'SH-7' }));
    const [first] = await outbox(db);
    if (!first) throw new Error('no op');
    await fail(db, first.op_id);
    await repo.discardOp(first.op_id);
    expect(await db.policies.get(id)).toMatchObject({
      insurer_name: 'Star Health',
      policy_number: 'SH-7',
    });
  });

  it('refuses to discard an op that may be applied already; retry puts a failed one back', async () => {
    const { db, repo } = await setup();
    await repo.savePolicy(input());
    await markSent(db);
    const [op] = await outbox(db);
    if (!op) throw new Error('no op');
    const refusal = repo.discardOp(op.op_id);
    await expect(refusal).rejects.toBeInstanceOf(OpNotDiscardableError);
    const error: unknown = await refusal.catch((e: unknown) => e);
    if (!(error instanceof OpNotDiscardableError)) throw new Error('not refused');
    expect(sayIn(error.reason)).toBe(
      'This change may already have reached the server; it can be discarded once refused',
    );
    expect(sayIn(error.reason, 'hi')).toBe(
      'यह बदलाव शायद सर्वर तक पहुँच चुका है; सर्वर के नहीं मानने पर ही इसे छोड़ा जा सकता है',
    );
    await fail(db, op.op_id);
    await repo.retryOp(op.op_id);
    expect(await db.outbox.get(op.op_id)).toMatchObject({ status: 'pending' });
    expect((await db.outbox.get(op.op_id))?.last_error).toBeUndefined();
  });
});

describe('editing or retrying a refused create', () => {
  const PET = '00000000-0000-4000-8000-0000000000fe';

  async function refuseAll(db: TrackerDb) {
    await db.outbox.toCollection().modify((op) => {
      op.status = 'failed';
      op.attempts = 1;
      op.last_error = 'The policy type no longer exists';
      op.last_error_code = '42501';
    });
  }

  it('folds the edit into the refused create, which is pending again as a whole create', async () => {
    const { db, repo } = await setup();
    const members = [{ name: 'Bruno', relationship: 'Pet' }];
    const id = await repo.savePolicy(input({ policy_type_id: PET, members }));
    await refuseAll(db);

    await repo.savePolicy(input({ id, policy_type_id: HEALTH, members }));
    const ops = await outbox(db);
    expect(ops.map((o) => [o.table, o.status, o.last_error])).toEqual([
      ['policies', 'pending', undefined],
      ['people', 'failed', 'The policy type no longer exists'],
      ['policy_members', 'pending', undefined],
    ]);
    expect(ops[0]?.row).toMatchObject({
      id,
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-1',
      start_date: '2024-01-31',
    });
    expect(await readSyncCounts(db)).toEqual({ pending: 2, failed: 1 });
  });

  it('retrying a refused create sends its refused links again too', async () => {
    const { db, repo } = await setup();
    await repo.savePolicy(input({ members: [{ name: 'Asha', relationship: 'Self' }] }));
    await refuseAll(db);
    const create = (await outbox(db))[0];
    await repo.retryOp(create?.op_id ?? '');
    expect((await outbox(db)).map((o) => [o.table, o.status])).toEqual([
      ['policies', 'pending'],
      ['people', 'failed'],
      ['policy_members', 'pending'],
    ]);
  });
});

describe('createPolicyType', () => {
  it('creates the user own type locally with an outbox entry', async () => {
    const { db, repo, userId } = await setup();
    const id = await repo.createPolicyType({ name: '  Pet  ', icon: '' });
    expect(await db.policyTypes.get(id)).toMatchObject({
      name: 'Pet',
      icon: null,
      user_id: userId,
    });
    expect((await outbox(db))[0]).toMatchObject({ table: 'policy_types', record_id: id });
  });
});

describe('people are changed only explicitly', () => {
  it('refuses a save that names a saved person with another relationship, changing nobody', async () => {
    const { db, repo } = await setup();
    const first = await repo.savePolicy(
      input({ members: [{ name: 'Ravi', relationship: 'Husband' }] }),
    );
    await acknowledgeAll(db);

    const saving = repo.savePolicy(
      input({ policy_number: 'SH-2', members: [{ name: 'Ravi', relationship: 'Spouse' }] }),
    );
    const error = await saving.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RelationshipMismatchError);
    // Said in the screen's language, as the form's save toast says it.
    const { reason } = error as InstanceType<typeof RelationshipMismatchError>;
    expect(sayIn(reason)).toBe(
      'Ravi is saved as Husband. Change Ravi to Spouse on every policy, or keep Husband.',
    );
    expect(sayIn(reason, 'hi')).toBe(
      'Ravi का रिश्ता Husband सहेजा गया है। हर पॉलिसी में इसे Spouse करें, या Husband ही रहने दें।',
    );
    expect((await readPolicy(db, first))?.members).toMatchObject([
      { name: 'Ravi', relationship: 'Husband' },
    ]);
    expect((await readPolicies(db)).map((p) => p.policy_number)).toEqual(['SH-1']);
    expect(await outbox(db)).toEqual([]);
  });

  it('links the saved person when the relationship matches', async () => {
    const { db, repo } = await setup();
    const members = [{ name: 'Ravi', relationship: 'Husband' }];
    await repo.savePolicy(input({ members }));
    await repo.savePolicy(input({ policy_number: 'SH-2', members }));
    expect(await db.people.count()).toBe(1);
    const people = (await readPolicies(db)).map((p) => p.members.map((m) => m.person_id));
    expect(people[0]).toEqual(people[1]);
  });

  it('changeRelationship changes the person on every policy, through the outbox', async () => {
    const { db, repo } = await setup();
    const members = [{ name: 'Ravi', relationship: 'Husband' }];
    await repo.savePolicy(input({ members }));
    await repo.savePolicy(input({ policy_number: 'SH-2', members }));
    await acknowledgeAll(db);
    const ravi = (await db.people.toArray())[0];

    await repo.changeRelationship(ravi?.id ?? '', ' Spouse ');
    expect((await readPolicies(db)).map((p) => p.members.map((m) => m.relationship))).toEqual([
      ['Spouse'],
      ['Spouse'],
    ]);
    expect((await outbox(db)).map((o) => [o.table, o.kind, o.row])).toEqual([
      ['people', 'upsert', { id: ravi?.id, relationship: 'Spouse' }],
    ]);
    await expect(repo.changeRelationship(ravi?.id ?? '', '')).rejects.toBeInstanceOf(ZodError);
  });
});

describe('the user own policy types', () => {
  const GLOBAL_ERROR = PolicyTypeNotEditableError;

  it('renames an own type through the outbox and refuses a global one', async () => {
    const { db, repo } = await setup();
    const pet = await repo.createPolicyType({ name: 'Pet', icon: 'PawPrint' });
    await acknowledgeAll(db);
    await repo.updatePolicyType(pet, { name: ' Pets ', icon: 'Dog' });
    expect(await db.policyTypes.get(pet)).toMatchObject({ name: 'Pets', icon: 'Dog' });
    expect((await outbox(db)).map((o) => [o.table, o.kind, o.row])).toEqual([
      ['policy_types', 'upsert', { id: pet, name: 'Pets', icon: 'Dog' }],
    ]);
    await expect(repo.updatePolicyType(HEALTH, { name: 'Mine', icon: '' })).rejects.toBeInstanceOf(
      GLOBAL_ERROR,
    );
    await expect(repo.deletePolicyType(HEALTH)).rejects.toBeInstanceOf(GLOBAL_ERROR);
    expect((await db.policyTypes.get(HEALTH))?.name).toBe('Health');
  });

  it('deleting a type keeps its policies, without a type, and says how many', async () => {
    const { db, repo } = await setup();
    const pet = await repo.createPolicyType({ name: 'Pet', icon: 'PawPrint' });
    const bruno = await repo.savePolicy(input({ policy_type_id: pet }));
    await repo.savePolicy(input({ policy_number: 'SH-2', policy_type_id: pet }));
    await repo.savePolicy(input({ policy_number: 'SH-3' }));
    await acknowledgeAll(db);

    expect(await repo.deletePolicyType(pet)).toBe(2);
    const policies = (await readPolicies(db)).sort((a, b) =>
      a.policy_number.localeCompare(b.policy_number),
    );
    expect(policies.map((p) => [p.policy_number, p.policy_type_id, p.type?.name ?? null])).toEqual([
      ['SH-1', null, null],
      ['SH-2', null, null],
      ['SH-3', HEALTH, 'Health'],
    ]);
    expect((await db.policyTypes.get(pet))?.deleted_at).not.toBeNull();
    const ops = await outbox(db);
    expect(ops.map((o) => [o.table, o.kind])).toEqual([
      ['policies', 'upsert'],
      ['policies', 'upsert'],
      ['policy_types', 'delete'],
    ]);
    // The two edits go in whatever order the policies come out of the type index (by id).
    expect(ops.map((o) => o.row)).toContainEqual({ id: bruno, policy_type_id: null });
  });

  it('a type that never left the device goes with its create, and its policies forget it', async () => {
    const { db, repo } = await setup();
    const pet = await repo.createPolicyType({ name: 'Pet', icon: '' });
    const id = await repo.savePolicy(input({ policy_type_id: pet }));
    expect(await repo.deletePolicyType(pet)).toBe(1);
    expect(await db.policyTypes.get(pet)).toBeUndefined();
    const ops = await outbox(db);
    expect(ops.map((o) => [o.table, o.kind])).toEqual([['policies', 'upsert']]);
    expect(ops[0]?.row).toMatchObject({ id, policy_type_id: null, insurer_name: 'Star Health' });
  });
});

describe('payments', () => {
  const paid = {
    amount: 15000,
    paid_on: '2025-01-20',
    mode: 'upi',
    reference: 'UPI 4471',
  } as const;

  it('Mark Renewed records the payment with the renewal, both queued in order', async () => {
    const { db, repo, userId } = await setup();
    const id = await repo.savePolicy(input({ next_renewal_date: '2025-01-31' }));
    await acknowledgeAll(db);
    const receipt = await repo.renewPolicy(id, paid);
    expect(receipt).toEqual({
      policy_id: id,
      renewed_from: '2025-01-31',
      next_renewal_date: '2025-02-28',
      payment_id: expect.any(String),
    });
    const ops = await outbox(db);
    expect(ops.map((o) => [o.table, o.kind])).toEqual([
      ['policies', 'renew'],
      ['payments', 'upsert'],
    ]);
    expect(ops[1]?.row).toMatchObject({ id: receipt.payment_id, policy_id: id, ...paid });
    expect(await readPayments(db, id)).toEqual([
      expect.objectContaining({
        id: receipt.payment_id,
        user_id: userId,
        ...paid,
        sync: 'pending',
      }),
    ]);
  });

  it('refuses an invalid payment and renews nothing', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ next_renewal_date: '2025-01-31' }));
    await expect(repo.renewPolicy(id, { ...paid, amount: 0 })).rejects.toBeInstanceOf(ZodError);
    expect((await db.policies.get(id))?.next_renewal_date).toBe('2025-01-31');
    expect(await db.payments.count()).toBe(0);
  });

  it('Undo before sync: the date is back, the payment never leaves the device', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ next_renewal_date: '2025-01-31' }));
    await acknowledgeAll(db);
    const receipt = await repo.renewPolicy(id, paid);
    await repo.undoRenewal(receipt);
    expect((await db.policies.get(id))?.next_renewal_date).toBe('2025-01-31');
    expect(await db.payments.count()).toBe(0);
    const ops = await outbox(db);
    expect(ops.map((o) => [o.table, o.kind, o.row])).toEqual([
      ['policies', 'renew', { id }],
      ['policies', 'upsert', { id, next_renewal_date: '2025-01-31' }],
    ]);
  });

  it('Undo after sync queues the reverse: the old date and the payment’s deletion', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ next_renewal_date: '2025-01-31' }));
    const receipt = await repo.renewPolicy(id, paid);
    await acknowledgeAll(db);
    await repo.undoRenewal(receipt);
    expect((await db.policies.get(id))?.next_renewal_date).toBe('2025-01-31');
    expect(await readPayments(db, id)).toEqual([]);
    expect((await outbox(db)).map((o) => [o.table, o.kind, o.row])).toEqual([
      ['payments', 'delete', { id: receipt.payment_id, policy_id: id }],
      ['policies', 'upsert', { id, next_renewal_date: '2025-01-31' }],
    ]);
  });

  it('Undo leaves a renewal date changed since alone, and still removes the payment', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ next_renewal_date: '2025-01-31' }));
    const receipt = await repo.renewPolicy(id, paid);
    await repo.renewPolicy(id);
    await repo.undoRenewal(receipt);
    expect((await db.policies.get(id))?.next_renewal_date).toBe('2025-03-31');
    expect(await db.payments.count()).toBe(0);
  });

  it('adds payments for past years, edits and deletes them through the outbox', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    const old = await repo.addPayment({ policy_id: id, amount: 14000, paid_on: '2023-01-25' });
    // An edit before sending is part of the create.
    await repo.updatePayment(old, { amount: 14200, paid_on: '2023-01-26', mode: 'cheque' });
    let ops = (await outbox(db)).filter((o) => o.table === 'payments');
    expect(ops).toHaveLength(1);
    expect(ops[0]?.row).toMatchObject({ amount: 14200, paid_on: '2023-01-26', mode: 'cheque' });

    await acknowledgeAll(db);
    await repo.updatePayment(old, { amount: 14200, paid_on: '2023-01-26', reference: 'CHQ 88' });
    ops = await outbox(db);
    expect(ops.map((o) => o.row)).toEqual([
      { id: old, policy_id: id, mode: null, reference: 'CHQ 88' },
    ]);
    await acknowledgeAll(db);
    await repo.deletePayment(old);
    expect((await outbox(db)).map((o) => [o.kind, o.record_id])).toEqual([['delete', old]]);
    expect(await readPayments(db, id)).toEqual([]);
    await expect(repo.updatePayment(old, { amount: 1, paid_on: '2023-01-01' })).rejects.toThrow(
      PaymentNotFoundError,
    );
  });

  it('lists a policy’s payments latest first, and none of a deleted policy', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await repo.addPayment({ policy_id: id, amount: 100, paid_on: '2024-01-01' });
    await repo.addPayment({ policy_id: id, amount: 200, paid_on: '2025-01-01' });
    expect((await readPayments(db, id)).map((p) => p.amount)).toEqual([200, 100]);
    await acknowledgeAll(db);
    await repo.deletePolicy(id);
    expect(await readPayments(db, id)).toEqual([]);
    await expect(
      repo.addPayment({ policy_id: id, amount: 100, paid_on: '2024-01-01' }),
    ).rejects.toThrow(PolicyNotFoundError);
  });

  it('a policy deleted or discarded before it was sent takes its unsent payments with it', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await repo.addPayment({ policy_id: id, amount: 100, paid_on: '2024-01-01' });
    await repo.deletePolicy(id);
    expect(await db.payments.count()).toBe(0);
    expect(await outbox(db)).toEqual([]);

    const refused = await repo.savePolicy(input({ policy_number: 'SH-2' }));
    await repo.addPayment({ policy_id: refused, amount: 100, paid_on: '2024-01-01' });
    await markSent(db);
    await db.outbox.toCollection().modify((op) => {
      op.status = 'failed';
    });
    const create = (await outbox(db)).find((o) => o.table === 'policies');
    if (!create) throw new Error('no policy op');
    await repo.discardOp(create.op_id);
    expect(await db.policies.get(refused)).toBeUndefined();
    expect(await db.payments.count()).toBe(0);
    expect(await outbox(db)).toEqual([]);
  });

  it('shows a refused payment on its policy', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input());
    await acknowledgeAll(db);
    await repo.addPayment({ policy_id: id, amount: 100, paid_on: '2024-01-01' });
    await markSent(db);
    await db.outbox.toCollection().modify((op) => {
      op.status = 'failed';
      op.last_error = 'new row violates check constraint "payments_amount_range"';
    });
    const view = await readPolicy(db, id);
    expect(view?.sync).toBe('failed');
    expect(view?.failedOps).toEqual([
      expect.objectContaining({ table: 'payments', policy_id: id, kind: 'upsert' }),
    ]);
    expect((await readPayments(db, id))[0]?.sync).toBe('failed');
  });
});

describe('savePolicies', () => {
  it('saves many as savePolicy does, in one go, or none when one is invalid', async () => {
    const { db, repo } = await setup();
    const ids = await repo.savePolicies([
      input({ policy_number: 'A-1', members: [{ name: 'Asha', relationship: 'Self' }] }),
      input({ policy_number: 'A-2', members: [{ name: 'Asha', relationship: 'Self' }] }),
    ]);
    expect(ids).toHaveLength(2);
    // Same renewal date: the store's order between them is their random ids'.
    const policies = (await readPolicies(db)).sort((a, b) =>
      a.policy_number.localeCompare(b.policy_number),
    );
    expect(policies.map((p) => [p.policy_number, p.members.map((m) => m.name)])).toEqual([
      ['A-1', ['Asha']],
      ['A-2', ['Asha']],
    ]);
    // One person for both, and every row with its outbox entry.
    expect(await db.people.count()).toBe(1);
    expect((await outbox(db)).map((op) => op.table)).toEqual([
      'policies',
      'people',
      'policy_members',
      'policies',
      'policy_members',
    ]);

    await expect(
      repo.savePolicies([input({ policy_number: 'B-1' }), input({ insurer_name: '' })]),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      repo.savePolicies([
        input({ policy_number: 'B-2' }),
        input({ policy_number: 'B-3', members: [{ name: 'Asha', relationship: 'Mother' }] }),
      ]),
    ).rejects.toBeInstanceOf(RelationshipMismatchError);
    expect(await db.policies.count()).toBe(2);
  });

  it('reads the outbox counter once for the whole chunk, and later saves carry on from it', async () => {
    const { db, repo } = await setup();
    await repo.savePolicy(input({ policy_number: 'A-0' }));
    const metaReads = vi.spyOn(db.meta, 'get');
    await repo.savePolicies(
      Array.from({ length: 20 }, (_, i) =>
        input({ policy_number: `A-${i + 1}`, members: [{ name: 'Asha', relationship: 'Self' }] }),
      ),
    );
    // 41 changes queued (20 policies, one person, 20 links): the counter per change would
    // be 41 reads, and as many reads of the outbox's end and writes.
    expect(metaReads.mock.calls.filter(([key]) => String(key) === META_OUTBOX_SEQ)).toHaveLength(1);
    metaReads.mockRestore();
    await repo.savePolicy(input({ policy_number: 'A-21' }));
    const seqs = (await outbox(db)).map((op) => op.seq);
    expect(seqs).toHaveLength(43);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
  });

  it('writes a chunk of new policies with one request per table, whatever its size', async () => {
    const { db, repo } = await setup();
    const tables = [db.policies, db.people, db.policyMembers, db.payments, db.outbox];
    const oneByOne = tables.map((table) => vi.spyOn(table, 'add'));
    const queued = vi.spyOn(db.outbox, 'bulkAdd');
    await repo.savePolicies(
      Array.from({ length: 30 }, (_, i) =>
        input({
          policy_number: `C-${i}`,
          members: [
            { name: 'Asha', relationship: 'Self' },
            { name: `Kid ${i % 3}`, relationship: 'Child' },
          ],
          payments: [{ amount: 1000 + i, paid_on: '2025-01-01' }],
        }),
      ),
    );
    for (const add of oneByOne) expect(add).not.toHaveBeenCalled();
    expect(queued).toHaveBeenCalledTimes(1);
    expect(await db.people.count()).toBe(4);
    expect(await db.payments.count()).toBe(30);
    const ops = await outbox(db);
    // Each policy, then the people it first names, its links and its payments.
    expect(ops.slice(0, 6).map((op) => op.table)).toEqual([
      'policies',
      'people',
      'people',
      'policy_members',
      'policy_members',
      'payments',
    ]);
    expect(ops).toHaveLength(30 + 4 + 60 + 30);
  });

  it('in one chunk, an edit and a new policy that name the same new person save one person', async () => {
    const { db, repo } = await setup();
    const id = await repo.savePolicy(input({ policy_number: 'E-1' }));
    await repo.savePolicies([
      input({ policy_number: 'N-1', members: [{ name: 'Ravi', relationship: 'Spouse' }] }),
      input({ id, policy_number: 'E-1', members: [{ name: 'Ravi', relationship: 'Spouse' }] }),
    ]);
    expect(await db.people.count()).toBe(1);
    const policies = await readPolicies(db);
    expect(policies.map((p) => p.members.map((m) => m.name))).toEqual([['Ravi'], ['Ravi']]);
    await expect(
      repo.savePolicies([
        input({ policy_number: 'N-2', members: [{ name: 'Ravi', relationship: 'Brother' }] }),
      ]),
    ).rejects.toBeInstanceOf(RelationshipMismatchError);
    expect(await db.policies.count()).toBe(2);
  });
});
