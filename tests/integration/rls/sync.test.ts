// sync_push / sync_pull through supabase-js on the local server (PGlite and PostgreSQL):
// idempotent replay, per-field last write wins, delete wins, renewals that apply once,
// per-op rejection without blocking the batch, and cursor pulls that include tombstones.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { forEachDatabase } from '../../helpers/server';
import {
  syncPullResponseSchema,
  syncPushResponseSchema,
  type SyncOp,
  type SyncPullResponse,
  type SyncResult,
} from '../../../src/domain/schemas';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf, uuid } from './actors';
import type { Actors } from './actors';
import { newPolicyRow as newPolicy, readAsOwner } from './fixtures';

async function push(client: SupabaseClient, ops: SyncOp[] | unknown[]): Promise<SyncResult[]> {
  const { data, error } = await client.rpc('sync_push', { ops });
  if (error) throw new Error(`sync_push failed: ${error.code} ${error.message}`);
  return syncPushResponseSchema.parse(data);
}

async function pull(client: SupabaseClient, since: number, max = 1000): Promise<SyncPullResponse> {
  const { data, error } = await client.rpc('sync_pull', { since, max });
  if (error) throw new Error(`sync_pull failed: ${error.code} ${error.message}`);
  return syncPullResponseSchema.parse(data);
}

const upsert = (table: SyncOp['table'], row: Record<string, unknown>): SyncOp => ({
  op_id: uuid(),
  table,
  kind: 'upsert',
  row,
});

forEachDatabase(
  'sync RPCs',
  {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    seedFile: path.resolve('supabase/seed.sql'),
  },
  (ctx) => {
    let actors: Actors;
    beforeAll(async () => {
      actors = await createActors(ctx);
    });

    it('creates rows owned by the caller and answers each op in order', async () => {
      const id = uuid();
      const results = await push(actors.userA.client, [upsert('policies', newPolicy(id))]);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ status: 'applied', code: null });
      expect(results[0]?.row).toMatchObject({ id, user_id: idOf(actors.userA), deleted_at: null });
    });

    it('replays an already applied op as a duplicate without applying it again', async () => {
      const id = uuid();
      await push(actors.userA.client, [upsert('policies', newPolicy(id))]);
      const renew: SyncOp = {
        op_id: uuid(),
        table: 'policies',
        kind: 'renew',
        id,
        renewed_from: '2025-01-31',
      };
      const first = await push(actors.userA.client, [renew]);
      // The response was "lost": the device sends the same batch again, twice.
      const second = await push(actors.userA.client, [renew, renew]);
      expect(first[0]?.status).toBe('applied');
      expect(second.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
      expect(second[0]?.row).toEqual(first[0]?.row);
      const stored = await readAsOwner(ctx.server, 'policies', { id });
      expect(stored?.next_renewal_date).toBe('2025-02-28');
    });

    it('rejects a bad op for that op only; the rest of the batch applies', async () => {
      const good1 = uuid();
      const bad = uuid();
      const good2 = uuid();
      const results = await push(actors.userA.client, [
        upsert('policies', newPolicy(good1)),
        upsert('policies', newPolicy(bad, { premium_amount: -100 })),
        upsert('policies', newPolicy(good2, { renewal_frequency: 'weekly' })),
        upsert('people', { id: uuid(), name: 'Asha', relationship: 'Self' }),
        { op_id: uuid(), table: 'sync_ops', kind: 'upsert', row: {} },
        { op_id: 'not-a-uuid', table: 'policies', kind: 'delete', id: good1 },
      ]);
      expect(results.map((r) => r.status)).toEqual([
        'applied',
        'rejected',
        'rejected',
        'applied',
        'rejected',
        'rejected',
      ]);
      expect(results[1]).toMatchObject({ code: '23514', row: null });
      expect(results[1]?.message).toContain('policies_premium_amount_non_negative');
      expect(results[2]?.code).toBe('23514');
      expect(results[4]?.code).toBe('22023');
      expect(results[5]?.code).toBe('22P02');
      expect(await readAsOwner(ctx.server, 'policies', { id: good1 })).not.toBeNull();
      expect(await readAsOwner(ctx.server, 'policies', { id: bad })).toBeNull();

      // A rejected op is not recorded: once corrected, the same op id applies.
      const retryOpId = uuid();
      const rejected = await push(actors.userA.client, [
        { ...upsert('policies', newPolicy(bad, { premium_amount: -1 })), op_id: retryOpId },
      ]);
      expect(rejected[0]?.status).toBe('rejected');
      const fixed = await push(actors.userA.client, [
        { ...upsert('policies', newPolicy(bad, { premium_amount: 1 })), op_id: retryOpId },
      ]);
      expect(fixed[0]?.status).toBe('applied');
    });

    it('writes only the fields given: concurrent edits of different fields both survive', async () => {
      const id = uuid();
      await push(actors.userA.client, [upsert('policies', newPolicy(id))]);
      // Two devices edited different fields offline; the second edit of a field wins.
      await push(actors.userA.client, [upsert('policies', { id, insurer_name: 'Phone edit' })]);
      await push(actors.userA.client, [upsert('policies', { id, premium_amount: 15000 })]);
      await push(actors.userA.client, [
        upsert('policies', { id, insurer_name: 'Laptop edit', user_id: idOf(actors.userB) }),
      ]);
      const stored = await readAsOwner(ctx.server, 'policies', { id });
      expect(stored).toMatchObject({
        insurer_name: 'Laptop edit',
        premium_amount: 15000,
        user_id: idOf(actors.userA),
      });
    });

    it('delete wins over later edits, from sync and from the REST API alike', async () => {
      const id = uuid();
      await push(actors.userA.client, [upsert('policies', newPolicy(id))]);
      const del = await push(actors.userA.client, [
        { op_id: uuid(), table: 'policies', kind: 'delete', id },
      ]);
      expect(del[0]?.status).toBe('applied');
      expect(del[0]?.row?.deleted_at).not.toBeNull();

      const late = await push(actors.userA.client, [
        upsert('policies', { id, insurer_name: 'Edited offline' }),
        { op_id: uuid(), table: 'policies', kind: 'renew', id, renewed_from: '2025-01-31' },
        { op_id: uuid(), table: 'policies', kind: 'delete', id },
      ]);
      expect(late.map((r) => [r.status, r.code])).toEqual([
        ['applied', 'ignored_deleted'],
        ['applied', 'ignored_deleted'],
        ['applied', 'already_deleted'],
      ]);
      await actors.userA.client
        .from('policies')
        .update({ insurer_name: 'Edited via REST', deleted_at: null })
        .eq('id', id);
      const stored = await readAsOwner(ctx.server, 'policies', { id });
      expect(stored?.insurer_name).toBe('Star Health');
      expect(stored?.deleted_at).not.toBeNull();
      expect(stored?.next_renewal_date).toBe('2025-01-31');
    });

    it('advances a policy renewed on two devices offline by one period only', async () => {
      const id = uuid();
      await push(actors.userA.client, [
        upsert(
          'policies',
          newPolicy(id, {
            renewal_frequency: 'yearly',
            start_date: '2023-02-28',
            next_renewal_date: '2024-02-29',
          }),
        ),
      ]);
      const phone: SyncOp = {
        op_id: uuid(),
        table: 'policies',
        kind: 'renew',
        id,
        renewed_from: '2024-02-29',
      };
      const laptop: SyncOp = {
        op_id: uuid(),
        table: 'policies',
        kind: 'renew',
        id,
        renewed_from: '2024-02-29',
      };
      const r1 = await push(actors.userA.client, [phone]);
      const r2 = await push(actors.userA.client, [laptop]);
      expect(r1[0]).toMatchObject({ status: 'applied', code: null });
      expect(r1[0]?.row?.next_renewal_date).toBe('2025-02-28');
      expect(r2[0]).toMatchObject({ status: 'applied', code: 'already_renewed' });
      expect(r2[0]?.row?.next_renewal_date).toBe('2025-02-28');
      // Renewing again from the new date is a new renewal and applies.
      const r3 = await push(actors.userA.client, [
        { op_id: uuid(), table: 'policies', kind: 'renew', id, renewed_from: '2025-02-28' },
      ]);
      expect(r3[0]?.row?.next_renewal_date).toBe('2026-02-28');
    });

    it('advances by each frequency with month ends clamped', async () => {
      const cases = [
        ['monthly', '2025-01-31', '2025-02-28'],
        ['monthly', '2024-01-31', '2024-02-29'],
        ['6-monthly', '2024-08-31', '2025-02-28'],
        ['yearly', '2024-02-29', '2025-02-28'],
        ['3-yearly', '2025-03-15', '2028-03-15'],
      ] as const;
      for (const [frequency, from, expected] of cases) {
        const id = uuid();
        await push(actors.userA.client, [
          upsert(
            'policies',
            newPolicy(id, {
              renewal_frequency: frequency,
              start_date: '2023-01-01',
              next_renewal_date: from,
            }),
          ),
        ]);
        const r = await push(actors.userA.client, [
          { op_id: uuid(), table: 'policies', kind: 'renew', id, renewed_from: from },
        ]);
        expect(r[0]?.row?.next_renewal_date, `${frequency} from ${from}`).toBe(expected);
      }
    });

    it("refuses to touch another user's rows", async () => {
      const id = uuid();
      await push(actors.userA.client, [upsert('policies', newPolicy(id))]);
      const results = await push(actors.userB.client, [
        upsert('policies', newPolicy(id, { insurer_name: 'Hijacked' })),
        { op_id: uuid(), table: 'policies', kind: 'delete', id },
        { op_id: uuid(), table: 'policies', kind: 'renew', id, renewed_from: '2025-01-31' },
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'applied', 'rejected']);
      expect(results[0]?.code).toBe('23505');
      // Invisible to B, so B's delete finds nothing to delete.
      expect(results[1]?.code).toBe('not_found');
      expect(results[2]?.code).toBe('P0002');
      // The admin can read the policy but not change it through sync.
      const admin = await push(actors.admin.client, [
        upsert('policies', { id, insurer_name: 'Admin edit' }),
        { op_id: uuid(), table: 'policies', kind: 'renew', id, renewed_from: '2025-01-31' },
      ]);
      expect(admin.map((r) => [r.status, r.code])).toEqual([
        ['rejected', '42501'],
        ['rejected', '42501'],
      ]);
      const stored = await readAsOwner(ctx.server, 'policies', { id });
      expect(stored).toMatchObject({
        insurer_name: 'Star Health',
        deleted_at: null,
        next_renewal_date: '2025-01-31',
      });
      // An op id is per account: B cannot replay A's op id to read A's result.
      const opId = uuid();
      await push(actors.userA.client, [{ ...upsert('policies', newPolicy(uuid())), op_id: opId }]);
      const stolen = await push(actors.userB.client, [
        { ...upsert('policies', newPolicy(uuid())), op_id: opId },
      ]);
      expect(stolen[0]).toMatchObject({ status: 'rejected', code: '23505', row: null });
    });

    it('links, unlinks and re-links members; links to deleted people are ignored', async () => {
      const policyId = uuid();
      const personId = uuid();
      const member = { policy_id: policyId, person_id: personId };
      const res = await push(actors.userA.client, [
        upsert('policies', newPolicy(policyId)),
        upsert('people', {
          id: personId,
          name: `Ravi ${personId.slice(0, 6)}`,
          relationship: 'Son',
        }),
        upsert('policy_members', member),
        { op_id: uuid(), table: 'policy_members', kind: 'delete', row: member },
        upsert('policy_members', member),
      ]);
      expect(res.map((r) => r.status)).toEqual([
        'applied',
        'applied',
        'applied',
        'applied',
        'applied',
      ]);
      expect(res[3]?.row?.deleted_at).not.toBeNull();
      expect(res[4]?.row?.deleted_at).toBeNull();

      const gone = await push(actors.userA.client, [
        { op_id: uuid(), table: 'people', kind: 'delete', id: personId },
        upsert('policy_members', member),
      ]);
      expect(gone[1]).toMatchObject({ status: 'applied', code: 'ignored_deleted' });
      const link = await readAsOwner(ctx.server, 'policy_members', member);
      expect(link?.deleted_at).not.toBeNull();

      // B cannot link A's policy to B's own person.
      const bPerson = uuid();
      const b = await push(actors.userB.client, [
        upsert('people', { id: bPerson, name: 'Intruder', relationship: 'Self' }),
        upsert('policy_members', { policy_id: policyId, person_id: bPerson }),
      ]);
      expect(b.map((r) => r.status)).toEqual(['applied', 'rejected']);
      expect(b[1]?.code).toBe('42501');
    });

    it('frees a deleted person’s name for a new person', async () => {
      const name = `Meera ${uuid().slice(0, 6)}`;
      const first = uuid();
      const second = uuid();
      const res = await push(actors.userA.client, [
        upsert('people', { id: first, name, relationship: 'Mother' }),
        { op_id: uuid(), table: 'people', kind: 'delete', id: first },
        upsert('people', { id: second, name, relationship: 'Mother' }),
      ]);
      expect(res.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      const live = await readAsOwner(ctx.server, 'people', { id: second });
      expect(live).toMatchObject({ name, deleted_at: null });
    });

    it('pulls own changes after the cursor in order, tombstones included, page by page', async () => {
      const since = (await pull(actors.userB.client, 0)).cursor;
      const typeId = uuid();
      const p1 = uuid();
      const p2 = uuid();
      await push(actors.userB.client, [
        upsert('policy_types', { id: typeId, name: 'Pet', icon: 'Dog' }),
        upsert('policies', newPolicy(p1, { policy_type_id: typeId })),
        upsert('policies', newPolicy(p2)),
        { op_id: uuid(), table: 'policies', kind: 'delete', id: p1 },
      ]);
      // Someone else's writes in between must not show up.
      await push(actors.userA.client, [upsert('policies', newPolicy(uuid()))]);

      const page1 = await pull(actors.userB.client, since, 2);
      expect(page1.has_more).toBe(true);
      expect(page1.changes).toHaveLength(2);
      const page2 = await pull(actors.userB.client, page1.cursor, 2);
      const all = [...page1.changes, ...page2.changes];
      const seqs = all.map((c) => c.server_seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(all.every((c) => c.row.user_id === idOf(actors.userB))).toBe(true);
      // p1 was inserted then tombstoned: only its latest state is pulled, as a tombstone.
      const latest = new Map(all.map((c) => [String(c.row.id), c]));
      expect(latest.get(p1)?.row.deleted_at).not.toBeNull();
      expect(latest.get(p2)?.row.deleted_at).toBeNull();
      expect(latest.get(typeId)?.table).toBe('policy_types');
      expect(page2.has_more).toBe(false);

      const idle = await pull(actors.userB.client, page2.cursor);
      expect(idle).toMatchObject({ changes: [], cursor: page2.cursor, has_more: false });
      expect(idle.global_policy_types.map((t) => t.name)).toEqual([
        'Health',
        'Term',
        'ULIP',
        'Vehicle',
      ]);
    });

    it('leaves out the row versions the caller says it stored, and nothing else', async () => {
      const since = (await pull(actors.userB.client, 0)).cursor;
      const ids = [uuid(), uuid(), uuid(), uuid()];
      const stored = await push(
        actors.userB.client,
        ids.map((id) => upsert('policies', newPolicy(id))),
      );
      const seqs = stored.map((r) => Number(r.row?.server_seq));
      // The third row changes after the push, and another user writes in between.
      const [, , third] = ids;
      await push(actors.userA.client, [upsert('policies', newPolicy(uuid()))]);
      await push(actors.userB.client, [upsert('policies', { id: third, insurer_name: 'Later' })]);
      const skip = [[Math.min(...seqs), Math.max(...seqs)]];
      const skipping = async (from: number, max = 1000): Promise<SyncPullResponse> => {
        const { data, error } = await actors.userB.client.rpc('sync_pull', {
          since: from,
          max,
          skip,
        });
        if (error) throw new Error(`sync_pull failed: ${error.code} ${error.message}`);
        return syncPullResponseSchema.parse(data);
      };
      const page = await skipping(since);
      expect(page.changes.map((c) => [c.row.id, c.row.insurer_name])).toEqual([[third, 'Later']]);
      expect(page.has_more).toBe(false);
      // Nothing after the cursor is left to send, skipped rows included.
      const after = await pull(actors.userB.client, page.cursor);
      expect(after.changes).toEqual([]);

      // A full page keeps its cursor: the rows after it still come.
      const first = await skipping(since, 1);
      expect(first.changes.map((c) => c.row.id)).toEqual([third]);
      expect(first.has_more).toBe(true);
      expect(first.cursor).toBe(first.changes[0]?.server_seq);
      // Without skip, every version after the cursor comes as before.
      const plain = await pull(actors.userB.client, since);
      expect(plain.changes.map((c) => c.row.id)).toEqual([ids[0], ids[1], ids[3], third]);

      for (const bad of [{}, [[3, 1]], [[1]], [['1', 2]], [[1.5, 2]], [[-1, 2]]]) {
        const refused = await actors.userB.client.rpc('sync_pull', { since, skip: bad });
        expect(refused.error?.code).toBe('22023');
      }
      const tooMany = Array.from({ length: 1001 }, (_, i) => [i * 2, i * 2]);
      const refused = await actors.userB.client.rpc('sync_pull', { since, skip: tooMany });
      expect(refused.error?.code).toBe('22023');
    });

    it('never moves the cursor past the newest row, even for a range reaching beyond it', async () => {
      const since = (await pull(actors.userB.client, 0)).cursor;
      // A range reaching far past the newest row (a device's bug, a range kept from another
      // database): the rows written after it must still come.
      const { data, error } = await actors.userB.client.rpc('sync_pull', {
        since,
        skip: [[since + 1, 999_999_999_999]],
      });
      if (error) throw new Error(`sync_pull failed: ${error.code} ${error.message}`);
      const page = syncPullResponseSchema.parse(data);
      expect(page.changes).toEqual([]);
      const later = uuid();
      await push(actors.userB.client, [upsert('policies', newPolicy(later))]);
      const next = await pull(actors.userB.client, page.cursor);
      expect(next.changes.map((c) => c.row.id)).toEqual([later]);
    });

    it('is for signed-in users only; the admin pulls only their own rows', async () => {
      const anonPush = await actors.anon.client.rpc('sync_push', { ops: [] });
      const anonPull = await actors.anon.client.rpc('sync_pull', { since: 0 });
      expect(anonPush.error?.code).toBe('42501');
      expect(anonPull.error?.code).toBe('42501');
      const adminPull = await pull(actors.admin.client, 0);
      expect(adminPull.changes).toEqual([]);
    });

    describe('batch limits', () => {
      it('applies a batch of 500 ops in one call', async () => {
        const ops = Array.from({ length: 500 }, () => upsert('policies', newPolicy(uuid())));
        const results = await push(actors.userB.client, ops);
        expect(results.filter((r) => r.status === 'applied')).toHaveLength(500);
      });

      it('refuses a non-array and more than 1000 ops as a whole', async () => {
        const notArray = await actors.userA.client.rpc('sync_push', { ops: { op_id: uuid() } });
        expect(notArray.error?.code).toBe('22023');
        const tooMany = Array.from({ length: 1001 }, () => upsert('policies', newPolicy(uuid())));
        const big = await actors.userA.client.rpc('sync_push', { ops: tooMany });
        expect(big.error?.code).toBe('22023');
      });
    });
  },
);
