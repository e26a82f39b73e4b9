// Conflicts the user can see (issue 15): the rule stays "per field, the last write in
// server order wins; delete wins", and the device whose value lost is told, through the real
// server on PGlite and PostgreSQL.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { said } from '../../helpers/catalogs';
import { serverRowKey } from '../../../src/db/tracker-db';
import { forEachDatabase } from '../../helpers/server';
import {
  describeNotice,
  readPolicyNotices,
  readRecentlyDeleted,
  type NoticeWords,
} from '../../../src/sync/conflicts';
import { pullChanges } from '../../../src/sync/pull';
import { pushOutbox } from '../../../src/sync/push';
import { readPolicies } from '../../../src/sync/queries';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  signUpUser,
  type Device,
} from './harness';

// These notices name money only; how dates and types are written is src/sync/conflicts.test.ts's.
const words: NoticeWords = { date: (isoDate) => isoDate, policyType: () => undefined };

forEachDatabase(
  'conflicts shown to the user',
  { seedFile: path.resolve('supabase/seed.sql') },
  (ctx) => {
    const devices: Device[] = [];
    afterEach(() => {
      for (const d of devices.splice(0)) closeDevice(d);
    });

    async function twoDevices() {
      const user = await signUpUser(ctx.server);
      const phone = await createDevice(ctx.server, user, 'phone');
      const desktop = await createDevice(ctx.server, user, 'desktop');
      devices.push(phone, desktop);
      const id = await phone.repo.savePolicy(policyInput({ premium_amount: 60000 }));
      await flushUntilIdle(phone);
      await flushUntilIdle(desktop);
      return { phone, desktop, id };
    }

    async function edit(device: Device, id: string, fields: Record<string, unknown>) {
      const view = (await readPolicies(device.db)).find((p) => p.id === id);
      if (!view) throw new Error('policy not on the device');
      await device.repo.savePolicy(
        policyInput({
          id,
          product_name: view.product_name,
          premium_amount: view.premium_amount,
          policy_number: view.policy_number,
          ...fields,
        }),
      );
    }

    it('tells the device whose premium was replaced, and puts it back when asked', async () => {
      const { phone, desktop, id } = await twoDevices();
      await edit(phone, id, { premium_amount: 70000 });
      await flushUntilIdle(phone);
      // The desktop had not seen the phone's change when it made its own.
      await edit(desktop, id, { premium_amount: 66000 });
      await flushUntilIdle(desktop);

      expect(await readPolicyNotices(desktop.db)).toEqual([]);
      await flushUntilIdle(phone);
      const [notice] = await readPolicyNotices(phone.db);
      expect(notice && said(describeNotice(notice, words))).toBe(
        'Star Health (SH-1) — changed on another device: premium ₹70,000 → ₹66,000',
      );
      // Told once.
      await flushUntilIdle(phone);
      expect(await readPolicyNotices(phone.db)).toHaveLength(1);

      await phone.repo.keepMyValues(id);
      expect(await readPolicyNotices(phone.db)).toEqual([]);
      await flushUntilIdle(phone);
      const [row] = await ctx.server.query<{ premium_amount: string }>(
        'select premium_amount from public.policies where id = $1',
        [id],
      );
      expect(Number(row?.premium_amount)).toBe(70000);
      // Now the desktop's value lost, and the desktop says so.
      await flushUntilIdle(desktop);
      const [back] = await readPolicyNotices(desktop.db);
      expect(back && said(describeNotice(back, words))).toMatch(/premium ₹66,000 → ₹70,000$/);
    });

    // The pull after a push skips, unread, the rows its answers just stored (issue 22). A
    // change another device makes right after this device's answer is newer than what was
    // stored: the pull that follows the push, or the next one, stores it and tells of it.
    it("tells of another device's change made right after this device's answer", async () => {
      const { phone, desktop, id } = await twoDevices();
      const premium = async (device: Device) =>
        (await readPolicies(device.db)).find((p) => p.id === id)?.premium_amount;

      // As the engine syncs (push, then the pull handed the push's stored rows), with the
      // desktop's change landing between the phone's answer and its pull.
      await edit(phone, id, { premium_amount: 70000 });
      const pushed = await pushOutbox(phone.db, phone.client);
      expect(pushed.stored.size).toBe(1);
      await flushUntilIdle(desktop);
      await edit(desktop, id, { premium_amount: 66000 });
      await flushUntilIdle(desktop);
      await pullChanges(phone.db, phone.client, phone.user.id, { stored: pushed.stored });
      expect(await premium(phone)).toBe(66000);
      const [notice] = await readPolicyNotices(phone.db);
      expect(notice && said(describeNotice(notice, words))).toBe(
        'Star Health (SH-1) — changed on another device: premium ₹70,000 → ₹66,000',
      );

      // The desktop's change lands after the phone's pull instead: the next sync tells it
      // (editing the policy answered the first notice).
      await edit(phone, id, { premium_amount: 71000 });
      await flushUntilIdle(phone);
      await flushUntilIdle(desktop);
      await edit(desktop, id, { premium_amount: 67000 });
      await flushUntilIdle(desktop);
      await flushUntilIdle(phone);
      expect(await premium(phone)).toBe(67000);
      const [again] = await readPolicyNotices(phone.db);
      expect(again && said(describeNotice(again, words))).toBe(
        'Star Health (SH-1) — changed on another device: premium ₹71,000 → ₹67,000',
      );
      const [copy, server] = await Promise.all([
        phone.db.serverRows.get(serverRowKey('policies', id)),
        ctx.server.query<{ server_seq: string }>(
          'select server_seq from public.policies where id = $1',
          [id],
        ),
      ]);
      expect(copy?.server_seq).toBe(Number(server[0]?.server_seq));
    });

    it('keeps a newer copy over the stale answer of a change sent again after its answer was lost', async () => {
      const { phone, desktop, id } = await twoDevices();
      await edit(phone, id, { premium_amount: 70000 });
      // The edit reaches the server, its answer does not.
      let faults = ['lose'];
      phone.setFaults(() => (faults.shift() === 'lose' ? 'lose' : 'ok'));
      await expect(pushOutbox(phone.db, phone.client)).rejects.toThrow();
      expect(await phone.db.outbox.count()).toBe(1);
      await flushUntilIdle(desktop);
      await edit(desktop, id, { premium_amount: 66000 });
      await flushUntilIdle(desktop);
      // The phone pulls the desktop's later change, then sends its edit again: the server
      // answers it as a duplicate with the row as the edit left it, older than the pulled one.
      faults = [];
      await pullChanges(phone.db, phone.client, phone.user.id);
      const pushed = await pushOutbox(phone.db, phone.client);
      expect(pushed.acknowledged).toBe(1);
      expect(await phone.db.outbox.count()).toBe(0);
      expect((await readPolicies(phone.db)).find((p) => p.id === id)?.premium_amount).toBe(66000);
      const [copy, server] = await Promise.all([
        phone.db.serverRows.get(serverRowKey('policies', id)),
        ctx.server.query<{ server_seq: string }>(
          'select server_seq from public.policies where id = $1',
          [id],
        ),
      ]);
      expect(copy?.server_seq).toBe(Number(server[0]?.server_seq));
    });

    it('says nothing about other fields, about a policy it only created, or to a new device', async () => {
      const { phone, desktop, id } = await twoDevices();
      await edit(phone, id, { premium_amount: 70000 });
      await flushUntilIdle(phone);
      await edit(desktop, id, { product_name: 'Family Optima Plus' });
      await flushUntilIdle(desktop);
      await flushUntilIdle(phone);
      expect(await readPolicyNotices(phone.db)).toEqual([]);

      const created = await desktop.repo.savePolicy(policyInput({ policy_number: 'SH-2' }));
      await flushUntilIdle(desktop);
      await flushUntilIdle(phone);
      await edit(phone, created, { premium_amount: 12345 });
      await flushUntilIdle(phone);
      await flushUntilIdle(desktop);
      expect(await readPolicyNotices(desktop.db)).toEqual([]);

      const tablet = await createDevice(ctx.server, phone.user, 'tablet');
      devices.push(tablet);
      await flushUntilIdle(tablet);
      expect(await readPolicyNotices(tablet.db)).toEqual([]);
    });

    it('tells the device whose edit arrived after the policy was deleted elsewhere', async () => {
      const { phone, desktop, id } = await twoDevices();
      await desktop.repo.deletePolicy(id);
      await flushUntilIdle(desktop);
      await edit(phone, id, { premium_amount: 71000 });
      await flushUntilIdle(phone);
      const [notice] = await readPolicyNotices(phone.db);
      expect(notice && said(describeNotice(notice, words))).toBe(
        'Star Health (SH-1) was deleted on another device. Your change was not saved.',
      );
      expect((await readPolicies(phone.db)).map((p) => p.id)).not.toContain(id);
    });

    async function serverPolicy(id: string) {
      const [row] = await ctx.server.query<{ deleted_at: string | null }>(
        'select deleted_at from public.policies where id = $1',
        [id],
      );
      return row;
    }

    async function liveMembers(id: string): Promise<number> {
      const [row] = await ctx.server.query<{ n: number }>(
        'select count(*)::int as n from public.policy_members where policy_id = $1 and deleted_at is null',
        [id],
      );
      return Number(row?.n);
    }

    it('restores a policy deleted on another device, with its members, on every device', async () => {
      const user = await signUpUser(ctx.server);
      const phone = await createDevice(ctx.server, user, 'phone');
      const desktop = await createDevice(ctx.server, user, 'desktop');
      devices.push(phone, desktop);
      const id = await phone.repo.savePolicy(
        policyInput({ members: [{ name: 'Ravi', relationship: 'Spouse' }] }),
      );
      await flushUntilIdle(phone);
      await flushUntilIdle(desktop);
      await desktop.repo.deletePolicy(id);
      await flushUntilIdle(desktop);
      await flushUntilIdle(phone);
      expect((await readPolicies(phone.db)).map((p) => p.id)).not.toContain(id);
      expect((await readRecentlyDeleted(phone.db, new Date())).map((p) => p.label)).toEqual([
        'Star Health (SH-1)',
      ]);

      await phone.repo.restorePolicy(id);
      // Offline it is back at once; the server follows when the device syncs.
      expect((await readPolicies(phone.db)).map((p) => p.id)).toContain(id);
      await flushUntilIdle(phone);
      expect((await serverPolicy(id))?.deleted_at).toBeNull();
      expect(await liveMembers(id)).toBe(1);
      expect(await readRecentlyDeleted(phone.db, new Date())).toEqual([]);
      await flushUntilIdle(desktop);
      const back = (await readPolicies(desktop.db)).find((p) => p.id === id);
      expect(back?.members.map((m) => m.name)).toEqual(['Ravi']);
      // A second restore is a no-op, not an error.
      await phone.repo.restorePolicy(id);
      expect(await phone.db.outbox.count()).toBe(0);
    });

    it('takes back a delete that never left the device', async () => {
      const user = await signUpUser(ctx.server);
      const phone = await createDevice(ctx.server, user, 'phone');
      devices.push(phone);
      const id = await phone.repo.savePolicy(policyInput());
      await flushUntilIdle(phone);
      await phone.repo.deletePolicy(id);
      await phone.repo.restorePolicy(id);
      expect(await phone.db.outbox.count()).toBe(0);
      expect((await readPolicies(phone.db)).map((p) => p.id)).toContain(id);
      await flushUntilIdle(phone);
      expect((await serverPolicy(id))?.deleted_at).toBeNull();
    });

    it('refuses after 30 days, and only the owner can restore', async () => {
      const owner = await signUpUser(ctx.server);
      const stranger = await signUpUser(ctx.server);
      const phone = await createDevice(ctx.server, owner, 'phone');
      const other = await createDevice(ctx.server, stranger, 'other');
      devices.push(phone, other);
      const id = await phone.repo.savePolicy(policyInput());
      await flushUntilIdle(phone);
      await phone.repo.deletePolicy(id);
      await flushUntilIdle(phone);

      const push = (device: Device) =>
        device.client.rpc('sync_push', {
          ops: [{ op_id: crypto.randomUUID(), table: 'policies', kind: 'restore', id }],
        });
      const strangers = await push(other);
      expect(strangers.data).toMatchObject([{ status: 'applied', code: 'not_found', row: null }]);
      const direct = await other.client.rpc('sync_restore_policy', { p_id: id });
      expect(direct.data).toMatchObject({ code: 'not_found', row: null });
      expect((await serverPolicy(id))?.deleted_at).not.toBeNull();

      await ctx.server.query(
        "update public.policies set deleted_at = now() - interval '31 days' where id = $1",
        [id],
      );
      const late = await push(phone);
      expect(late.data).toMatchObject([
        { status: 'rejected', code: '22023', message: expect.stringMatching(/more than 30 days/) },
      ]);
      await flushUntilIdle(phone);
      expect(await readRecentlyDeleted(phone.db, new Date())).toEqual([]);
    });
  },
);
