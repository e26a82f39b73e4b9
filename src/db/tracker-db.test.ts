import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import {
  readFailedChanges,
  readPolicies,
  readPolicyNotices,
  readPolicyTypeUsage,
  readRecentlyDeleted,
  readSyncCounts,
} from '@/sync';
import {
  TrackerDb,
  closeTrackerDb,
  deleteTrackerDb,
  openTrackerDb,
  trackerDbName,
  type OutboxEntry,
} from './tracker-db';

describe('tracker database', () => {
  it('keeps one database per user and never mixes their rows', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const dbA = openTrackerDb(a);
    const dbB = openTrackerDb(b);
    expect(openTrackerDb(a)).toBe(dbA);
    expect(dbA.name).toBe(trackerDbName(a));
    expect(dbA.name).not.toBe(dbB.name);

    await dbA.meta.put({ key: 'pull_cursor', value: 7 });
    expect(await dbB.meta.get('pull_cursor')).toBeUndefined();

    // Closing keeps the data for the next sign-in on this device.
    closeTrackerDb(a);
    const reopened = openTrackerDb(a);
    expect(reopened).not.toBe(dbA);
    expect((await reopened.meta.get('pull_cursor'))?.value).toBe(7);

    await deleteTrackerDb(a);
    await deleteTrackerDb(b);
  });
});

/** Version 5's stores, as devices hold them before issue 22's version 6. */
const VERSION_5 = {
  policies: 'id, next_renewal_date, policy_type_id, deleted_at, user_id',
  policyTypes: 'id, name, user_id, deleted_at',
  people: 'id, name, deleted_at, user_id',
  policyMembers: '[policy_id+person_id], policy_id, person_id, deleted_at',
  outbox: 'op_id, &seq, record_id, [table+record_id], status, [status+attempts]',
  serverRows: 'key',
  meta: 'key',
  policyDocuments: 'id, policy_id, deleted_at',
  documentFiles: 'id, policy_id, upload',
  payments: 'id, policy_id, deleted_at',
  shares: 'id, owner_id',
  sharedPolicies: 'policy_id, owner_id',
};

describe('tracker database upgrade to version 6 (issue 22: unused indexes dropped)', () => {
  it('keeps every queued op and stored row, and reads ops by row and by state as before', async () => {
    const userId = crypto.randomUUID();
    // Version 5 as devices hold it, with ops queued and one sent before the claim mark existed.
    const old = new Dexie(trackerDbName(userId));
    old.version(5).stores(VERSION_5);
    const policyId = crypto.randomUUID();
    const queued: OutboxEntry[] = [
      {
        op_id: crypto.randomUUID(),
        seq: 1,
        created_at: '2026-11-20T10:00:00.000Z',
        user_id: userId,
        table: 'policies',
        kind: 'upsert',
        record_id: policyId,
        row: { id: policyId, insurer_name: 'Star Health' },
        status: 'pending',
        attempts: 1,
      },
      {
        op_id: crypto.randomUUID(),
        seq: 2,
        created_at: '2026-11-20T10:01:00.000Z',
        user_id: userId,
        table: 'policies',
        kind: 'delete',
        record_id: policyId,
        row: { id: policyId },
        status: 'failed',
        attempts: 1,
        last_error: 'refused',
      },
      {
        op_id: crypto.randomUUID(),
        seq: 3,
        created_at: '2026-11-20T10:02:00.000Z',
        user_id: userId,
        table: 'payments',
        kind: 'upsert',
        record_id: 'pay-1',
        row: { id: 'pay-1', policy_id: policyId },
        status: 'pending',
        attempts: 0,
      },
    ];
    const stored = {
      id: policyId,
      user_id: userId,
      insurer_name: 'Star Health',
      next_renewal_date: '2026-12-01',
      deleted_at: null,
      server_seq: 0,
    };
    await old.table('outbox').bulkAdd(queued);
    await old.table('policies').add(stored);
    old.close();

    const db = new TrackerDb(userId);
    try {
      expect(await db.outbox.orderBy('seq').toArray()).toEqual(queued);
      expect(db.outbox.schema.indexes.map((index) => index.name).sort()).toEqual([
        '[table+record_id]',
        'seq',
        'status',
      ]);
      const ofPolicy = await db.outbox
        .where('[table+record_id]')
        .equals(['policies', policyId])
        .sortBy('seq');
      expect(ofPolicy.map((op) => op.kind)).toEqual(['upsert', 'delete']);
      expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
      expect(await db.outbox.where('status').equals('failed').count()).toBe(1);
      expect(await db.policies.get(policyId)).toEqual(stored);
      expect(db.policies.schema.indexes.map((index) => index.name).sort()).toEqual([
        'deleted_at',
        'policy_type_id',
        'user_id',
      ]);
    } finally {
      db.close();
      await Dexie.delete(trackerDbName(userId));
    }
  });

  it('opens a version 5 database holding policies, a tombstone and a notice, and the dashboard reads it', async () => {
    const userId = crypto.randomUUID();
    const now = new Date('2026-11-26T12:00:00.000Z');
    const old = new Dexie(trackerDbName(userId));
    old.version(5).stores(VERSION_5);
    const typeId = crypto.randomUUID();
    const policy = (id: string, insurer: string, renewal: string, deletedAt: string | null) => ({
      id,
      user_id: userId,
      policy_type_id: typeId,
      insurer_name: insurer,
      policy_number: `${insurer.slice(0, 2).toUpperCase()}-1`,
      product_name: null,
      start_date: '2025-01-01',
      next_renewal_date: renewal,
      renewal_frequency: 'yearly',
      sum_insured: 500000,
      premium_amount: 15000,
      additional_details: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
      deleted_at: deletedAt,
      server_seq: 3,
    });
    const [live, later, deleted] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await old.table('policyTypes').add({
      id: typeId,
      user_id: userId,
      name: 'Pet',
      icon: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      deleted_at: null,
      server_seq: 1,
    });
    await old
      .table('policies')
      .bulkAdd([
        policy(live, 'Star Health', '2026-12-01', null),
        policy(later, 'Niva Bupa', '2027-03-01', null),
        policy(deleted, 'Care Health', '2027-01-01', '2026-11-25T09:00:00.000Z'),
      ]);
    const op = (seq: number, recordId: string, status: 'pending' | 'failed'): OutboxEntry => ({
      op_id: crypto.randomUUID(),
      seq,
      created_at: '2026-11-25T10:00:00.000Z',
      user_id: userId,
      table: 'policies',
      kind: 'upsert',
      record_id: recordId,
      row: { id: recordId, premium_amount: 16000 },
      status,
      attempts: status === 'failed' ? 1 : 0,
      ...(status === 'failed' ? { last_error: 'The server refused this change' } : {}),
    });
    await old.table('outbox').bulkAdd([op(1, later, 'failed'), op(2, live, 'pending')]);
    await old.table('meta').add({
      key: `policy_notice:${live}`,
      value: {
        policy_id: live,
        label: 'Star Health (ST-1)',
        kind: 'changed',
        changes: [{ field: 'premium_amount', mine: 14000, theirs: 15000 }],
      },
    });
    old.close();

    const db = new TrackerDb(userId);
    try {
      const policies = await readPolicies(db);
      expect(policies.map((p) => [p.insurer_name, p.type?.name, p.sync])).toEqual([
        ['Star Health', 'Pet', 'pending'],
        ['Niva Bupa', 'Pet', 'failed'],
      ]);
      // *Recently deleted* reads the tombstones by the deleted_at index version 6 keeps.
      expect(await readRecentlyDeleted(db, now)).toEqual([
        { id: deleted, label: 'Care Health (CA-1)', deleted_at: '2026-11-25T09:00:00.000Z' },
      ]);
      expect((await readPolicyNotices(db)).map((n) => n.policy_id)).toEqual([live]);
      expect((await readFailedChanges(db)).map((c) => c.record_id)).toEqual([later]);
      expect(await readSyncCounts(db)).toEqual({ pending: 1, failed: 1 });
      expect(await readPolicyTypeUsage(db)).toEqual(new Map([[typeId, 2]]));
    } finally {
      db.close();
      await Dexie.delete(trackerDbName(userId));
    }
  });
});
