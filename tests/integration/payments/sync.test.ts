// Payments through sync_push / sync_pull and Row Level Security (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): the RPC rules, what a policy's deletion and restore do to its
// payments, and the app's engine carrying Mark Renewed's payment and its Undo to the server
// and to a second device, with the Undo made before and after the renewal synced.
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncOp } from '../../../src/domain/schemas';
import { forEachDatabase } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf, uuid } from '../rls/actors';
import type { Actors } from '../rls/actors';
import { readAsOwner } from '../rls/fixtures';
import { addPolicy, deleteOp, newPolicy, pull, push, upsertOp } from '../storage/fixtures';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  signUpUser,
  type Device,
} from '../sync/harness';

const serverOptions = {
  adminEmail: ADMIN_EMAIL,
  adminPassword: ADMIN_PASSWORD,
  seedFile: path.resolve('supabase/seed.sql'),
};

function payment(policyId: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: uuid(), policy_id: policyId, amount: 15000, paid_on: '2026-11-20', ...fields };
}

const restoreOp = (id: string): SyncOp => ({
  op_id: uuid(),
  table: 'policies',
  kind: 'restore',
  id,
});

forEachDatabase('payments through sync', serverOptions, (ctx) => {
  let actors: Actors;
  beforeAll(async () => {
    actors = await createActors(ctx);
  });

  describe('the RPCs', () => {
    it('records, edits and deletes a payment; its policy stays; the owner pulls each step', async () => {
      const policyId = await addPolicy(actors.userA.client);
      const row = payment(policyId, { mode: 'upi', reference: 'UPI 4471' });
      const [created] = await push(actors.userA.client, [upsertOp('payments', row)]);
      expect(created).toMatchObject({
        status: 'applied',
        code: null,
        row: { ...row, user_id: idOf(actors.userA), deleted_at: null },
      });

      const otherPolicy = await addPolicy(actors.userA.client);
      const [edited] = await push(actors.userA.client, [
        upsertOp('payments', {
          id: row.id,
          policy_id: otherPolicy,
          amount: 15250.5,
          mode: 'net_banking',
          reference: null,
        }),
      ]);
      expect(edited?.row).toMatchObject({
        policy_id: policyId,
        amount: 15250.5,
        mode: 'net_banking',
        reference: null,
      });
      const direct = await actors.userA.client
        .from('payments')
        .update({ policy_id: otherPolicy })
        .eq('id', String(row.id));
      expect(direct.error?.message).toBe('A payment stays with its policy');

      const before = await pull(actors.userA.client);
      expect(before.changes.find((c) => c.row.id === row.id)).toMatchObject({
        table: 'payments',
        row: { amount: 15250.5, paid_on: '2026-11-20' },
      });
      await push(actors.userA.client, [deleteOp('payments', String(row.id))]);
      const after = await pull(actors.userA.client, before.cursor);
      expect(after.changes).toEqual([
        expect.objectContaining({
          table: 'payments',
          row: expect.objectContaining({ id: row.id, deleted_at: expect.any(String) }),
        }),
      ]);
      // A late edit from an offline device does not bring it back.
      const [late] = await push(actors.userA.client, [
        upsertOp('payments', { id: row.id, amount: 1 }),
      ]);
      expect(late).toMatchObject({ status: 'applied', code: 'ignored_deleted' });
    });

    it('refuses amounts, dates, modes and references the table does not take', async () => {
      const policyId = await addPolicy(actors.userA.client);
      const results = await push(actors.userA.client, [
        upsertOp('payments', payment(policyId, { amount: 0 })),
        upsertOp('payments', payment(policyId, { amount: -10 })),
        upsertOp('payments', payment(policyId, { amount: 'NaN' })),
        upsertOp('payments', payment(policyId, { paid_on: '1899-12-31' })),
        upsertOp('payments', payment(policyId, { mode: 'bitcoin' })),
        upsertOp('payments', payment(policyId, { reference: 'R'.repeat(101) })),
        upsertOp('payments', payment(policyId, { reference: '   ' })),
        upsertOp('payments', payment(policyId, { amount: 10_000_000_000 })),
        upsertOp('payments', payment(policyId, { amount: undefined })),
        upsertOp('payments', payment(policyId, { amount: 9_999_999_999.99, mode: 'auto_debit' })),
      ]);
      expect(results.map((r) => [r.status, r.code])).toEqual([
        ['rejected', '23514'],
        ['rejected', '23514'],
        ['rejected', '23514'],
        ['rejected', '23514'],
        ['rejected', '23514'],
        ['rejected', '23514'],
        ['rejected', '23514'],
        ['rejected', '22003'],
        ['rejected', '23502'],
        ['applied', null],
      ]);
      expect(results[0]?.message).toContain('payments_amount_range');
      expect(results[4]?.message).toContain('payments_mode_valid');
      expect(results[5]?.message).toContain('payments_reference_length');
    });

    it('nobody records a payment on another user’s policy, and nobody else pulls, reads or changes one', async () => {
      const policyId = await addPolicy(actors.userA.client);
      const mine = payment(policyId);
      await push(actors.userA.client, [upsertOp('payments', mine)]);
      const [stranger] = await push(actors.userB.client, [upsertOp('payments', payment(policyId))]);
      expect(stranger).toMatchObject({ status: 'rejected', code: '42501' });
      const [overwrite] = await push(actors.userB.client, [
        upsertOp('payments', { ...mine, amount: 1 }),
      ]);
      expect(overwrite?.status).toBe('rejected');
      const [removal] = await push(actors.userB.client, [deleteOp('payments', String(mine.id))]);
      expect(removal).toMatchObject({ status: 'applied', code: 'not_found' });
      expect(await readAsOwner(ctx.server, 'payments', { id: String(mine.id) })).toMatchObject({
        amount: 15000,
        deleted_at: null,
      });
      for (const other of [actors.userB, actors.admin]) {
        const pulled = await pull(other.client);
        expect(pulled.changes.filter((c) => c.table === 'payments')).toEqual([]);
        const read = await other.client.from('payments').select('id');
        expect(read.data).toEqual([]);
      }
      const anon = await ctx.anon().from('payments').select('id');
      expect(anon.data ?? []).toEqual([]);
    });

    it('a payment recorded offline for a policy deleted elsewhere is dropped, not refused', async () => {
      const policyId = await addPolicy(actors.userA.client);
      await push(actors.userA.client, [deleteOp('policies', policyId)]);
      const [late] = await push(actors.userA.client, [upsertOp('payments', payment(policyId))]);
      expect(late).toMatchObject({ status: 'applied', code: 'ignored_deleted', row: null });
    });

    it('a deleted policy takes its payments along; restoring it brings back those, not one deleted before', async () => {
      const policyId = await addPolicy(actors.userA.client);
      const kept = payment(policyId, { paid_on: '2025-11-20' });
      const dropped = payment(policyId, { paid_on: '2024-11-20' });
      await push(actors.userA.client, [upsertOp('payments', kept), upsertOp('payments', dropped)]);
      await push(actors.userA.client, [deleteOp('payments', String(dropped.id))]);
      const before = await pull(actors.userA.client);

      await push(actors.userA.client, [deleteOp('policies', policyId)]);
      const deleted = await pull(actors.userA.client, before.cursor);
      expect(deleted.changes.find((c) => c.row.id === kept.id)?.row.deleted_at).toEqual(
        expect.any(String),
      );

      const [restored] = await push(actors.userA.client, [restoreOp(policyId)]);
      expect(restored).toMatchObject({ status: 'applied', code: null });
      const back = await pull(actors.userA.client, deleted.cursor);
      const rows = back.changes.filter((c) => c.table === 'payments').map((c) => c.row);
      expect(rows).toEqual([expect.objectContaining({ id: kept.id, deleted_at: null })]);
      expect(
        (await readAsOwner(ctx.server, 'payments', { id: String(dropped.id) }))?.deleted_at,
      ).not.toBeNull();
    });

    it('the admin deleting a user’s policy tombstones its payments too', async () => {
      const policyId = await addPolicy(actors.userA.client);
      const row = payment(policyId);
      await push(actors.userA.client, [upsertOp('payments', row)]);
      const { error } = await actors.admin.client.from('policies').delete().eq('id', policyId);
      expect(error).toBeNull();
      const stored = await readAsOwner(ctx.server, 'payments', { id: String(row.id) });
      const policy = await readAsOwner(ctx.server, 'policies', { id: policyId });
      expect(stored?.deleted_at).not.toBeNull();
      expect(stored?.deleted_at).toBe(policy?.deleted_at);
    });

    it('Undo as the app queues it (renew, payment, date back, payment deleted) leaves the server as before', async () => {
      const policy = newPolicy({ next_renewal_date: '2026-11-24', start_date: '2025-11-24' });
      await push(actors.userA.client, [upsertOp('policies', policy)]);
      const paid = payment(String(policy.id));
      const results = await push(actors.userA.client, [
        {
          op_id: uuid(),
          table: 'policies',
          kind: 'renew',
          id: String(policy.id),
          renewed_from: '2026-11-24',
        },
        upsertOp('payments', paid),
        upsertOp('policies', { id: policy.id, next_renewal_date: '2026-11-24' }),
        deleteOp('payments', String(paid.id)),
      ]);
      expect(results.map((r) => [r.status, r.code])).toEqual([
        ['applied', null],
        ['applied', null],
        ['applied', null],
        ['applied', null],
      ]);
      expect(results[0]?.row?.next_renewal_date).toBe('2027-11-24');
      const policyRow = await readAsOwner(ctx.server, 'policies', { id: String(policy.id) });
      expect(policyRow?.next_renewal_date).toBe('2026-11-24');
      expect(
        (await readAsOwner(ctx.server, 'payments', { id: String(paid.id) }))?.deleted_at,
      ).not.toBeNull();
    });
  });

  describe('the app’s sync engine', () => {
    const devices: Device[] = [];
    afterEach(() => {
      for (const d of devices.splice(0)) closeDevice(d);
    });

    async function twoDevices() {
      const user = await signUpUser(ctx.server);
      const phone = await createDevice(ctx.server, user, 'phone');
      const laptop = await createDevice(ctx.server, user, 'laptop');
      devices.push(phone, laptop);
      const policyId = await phone.repo.savePolicy(
        policyInput({ start_date: '2025-11-24', next_renewal_date: '2026-11-24' }),
      );
      await flushUntilIdle(phone);
      await flushUntilIdle(laptop);
      return { phone, laptop, policyId };
    }

    const paid = {
      amount: 15000,
      paid_on: '2026-11-20',
      mode: 'upi',
      reference: 'UPI 4471',
    } as const;

    it('brings a renewal’s payment to a second device, and an Undo made after it synced', async () => {
      const { phone, laptop, policyId } = await twoDevices();
      const receipt = await phone.repo.renewPolicy(policyId, paid);
      await flushUntilIdle(phone);
      await flushUntilIdle(laptop);
      expect((await laptop.db.policies.get(policyId))?.next_renewal_date).toBe('2027-11-24');
      expect(await laptop.db.payments.get(receipt.payment_id ?? '')).toMatchObject({
        policy_id: policyId,
        ...paid,
        deleted_at: null,
      });

      await phone.repo.undoRenewal(receipt);
      await flushUntilIdle(phone);
      await flushUntilIdle(laptop);
      expect((await laptop.db.policies.get(policyId))?.next_renewal_date).toBe('2026-11-24');
      expect(await laptop.db.payments.get(receipt.payment_id ?? '')).toBeUndefined();
      expect(await phone.db.outbox.count()).toBe(0);
    });

    it('an Undo before the renewal synced: the server never moves the date for good, nor sees the payment', async () => {
      const { phone, laptop, policyId } = await twoDevices();
      const receipt = await phone.repo.renewPolicy(policyId, paid);
      await phone.repo.undoRenewal(receipt);
      await flushUntilIdle(phone);
      expect(
        await readAsOwner(ctx.server, 'payments', { id: receipt.payment_id ?? '' }),
      ).toBeNull();
      expect((await readAsOwner(ctx.server, 'policies', { id: policyId }))?.next_renewal_date).toBe(
        '2026-11-24',
      );
      await flushUntilIdle(laptop);
      expect((await laptop.db.policies.get(policyId))?.next_renewal_date).toBe('2026-11-24');
      expect(await laptop.db.payments.count()).toBe(0);
      expect((await phone.db.policies.get(policyId))?.next_renewal_date).toBe('2026-11-24');
    });

    it('payments added for past years, edited and deleted on one device reach the other', async () => {
      const { phone, laptop, policyId } = await twoDevices();
      const first = await phone.repo.addPayment({
        policy_id: policyId,
        amount: 14000,
        paid_on: '2024-11-22',
      });
      const second = await phone.repo.addPayment({
        policy_id: policyId,
        amount: 14500,
        paid_on: '2025-11-21',
        mode: 'cheque',
      });
      await flushUntilIdle(phone);
      await flushUntilIdle(laptop);
      await laptop.repo.updatePayment(first, {
        amount: 14100,
        paid_on: '2024-11-22',
        mode: 'card',
      });
      await flushUntilIdle(laptop);
      await flushUntilIdle(phone);
      expect(await phone.db.payments.get(first)).toMatchObject({ amount: 14100, mode: 'card' });
      await phone.repo.deletePayment(second);
      await flushUntilIdle(phone);
      await flushUntilIdle(laptop);
      expect(await laptop.db.payments.get(second)).toBeUndefined();

      await laptop.repo.deletePolicy(policyId);
      await flushUntilIdle(laptop);
      await flushUntilIdle(phone);
      expect(await phone.db.payments.count()).toBe(0);
      await phone.repo.restorePolicy(policyId);
      await flushUntilIdle(phone);
      await flushUntilIdle(phone);
      expect(await phone.db.payments.get(first)).toMatchObject({ amount: 14100, deleted_at: null });
    });
  });
});
