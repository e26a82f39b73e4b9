// The sync engine against the local server through the real supabase-js client (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set): the journeys a user notices, one fault at a time.
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { readPolicies } from '../../../src/sync/queries';
import type { SavePolicyInput } from '../../../src/sync/repo';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  signUpUser,
  type Device,
  type Fault,
  type TestUser,
  HEALTH,
  policyInput,
} from './harness';

const policy = (fields: Partial<SavePolicyInput> = {}): SavePolicyInput =>
  policyInput({ renewal_frequency: 'monthly', ...fields });

/** Plays the given faults on the next requests, then lets everything through. */
function sequence(...faults: Fault[]): () => Fault {
  const queue = [...faults];
  return () => queue.shift() ?? 'ok';
}

forEachDatabase('sync engine', { seedFile: path.resolve('supabase/seed.sql') }, (ctx) => {
  let user: TestUser;
  const devices: Device[] = [];

  async function device(name: string, owner: TestUser = user): Promise<Device> {
    const d = await createDevice(ctx.server, owner, name);
    devices.push(d);
    return d;
  }

  async function serverPolicy(id: string) {
    const rows = await ctx.server.query<Record<string, unknown>>(
      `select id, insurer_name, next_renewal_date::text as next_renewal_date, deleted_at, user_id
         from public.policies where id = $1`,
      [id],
    );
    return rows[0];
  }

  beforeAll(async () => {
    user = await signUpUser(ctx.server);
  });

  afterEach(() => {
    for (const d of devices.splice(0)) closeDevice(d);
  });

  it('pushes a saved policy with members and pulls it onto a second device', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const id = await phone.repo.savePolicy(
      policy({
        members: [
          { name: 'Asha', relationship: 'Self' },
          { name: 'Ravi', relationship: 'Spouse' },
        ],
      }),
    );
    await flushUntilIdle(phone);
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 0, syncing: false });
    expect(phone.engine.status.get().lastSyncedAt).toBeDefined();
    expect(await serverPolicy(id)).toMatchObject({ insurer_name: 'Star Health', user_id: user.id });

    await flushUntilIdle(laptop);
    const [view] = await readPolicies(laptop.db);
    expect(view).toMatchObject({ id, insurer_name: 'Star Health', sync: 'synced' });
    expect(view?.type?.name).toBe('Health');
    expect(view?.members.map((m) => m.name)).toEqual(['Asha', 'Ravi']);
    // The local row now carries the server's bookkeeping.
    expect((await phone.db.policies.get(id))?.server_seq).toBeGreaterThan(0);
  });

  it('keeps every change through dropped requests, lost answers, duplicates and 5xx', async () => {
    const phone = await device('phone');
    const id = await phone.repo.savePolicy(policy({ policy_number: 'FAULTS' }));
    await phone.repo.renewPolicy(id);
    phone.setFaults(sequence('drop', 'lose', 'duplicate', 'error5xx'));
    // Each flush meets one fault; the ops stay queued until a request is answered.
    for (let i = 0; i < 4; i += 1) await phone.engine.flush();
    await flushUntilIdle(phone);
    expect(phone.stats.byFault).toMatchObject({ drop: 1, lose: 1, duplicate: 1, error5xx: 1 });
    // Renewed exactly once although the renewal reached the server more than once.
    expect((await serverPolicy(id))?.next_renewal_date).toBe('2025-02-28');
    expect((await phone.db.policies.get(id))?.next_renewal_date).toBe('2025-02-28');
  });

  it('reports the outage while requests fail and clears it once one gets through', async () => {
    const phone = await device('phone');
    await phone.repo.savePolicy(policy({ policy_number: 'OUTAGE' }));
    phone.setFaults(() => 'drop');
    await phone.engine.flush();
    expect(phone.engine.status.get()).toMatchObject({ online: false, pending: 1 });
    expect(phone.engine.status.get().lastError).toMatch(/fetch failed/);
    phone.setFaults(() => 'ok');
    await phone.engine.flush();
    expect(phone.engine.status.get()).toMatchObject({ online: true, pending: 0 });
    expect(phone.engine.status.get().lastError).toBeUndefined();
  });

  it('refreshes an expired token and retries once in the same flush', async () => {
    const phone = await device('phone');
    const before = (await phone.client.auth.getSession()).data.session?.access_token;
    const id = await phone.repo.savePolicy(policy({ policy_number: 'EXPIRED' }));
    phone.setFaults(sequence('expired'));
    await phone.engine.flush();
    expect(phone.stats.byFault.expired).toBe(1);
    expect(phone.engine.status.get()).toMatchObject({ pending: 0 });
    expect(phone.engine.status.get().lastError).toBeUndefined();
    expect((await phone.client.auth.getSession()).data.session?.access_token).not.toBe(before);
    expect(await serverPolicy(id)).toBeDefined();
  });

  it('create then delete offline never reaches the server', async () => {
    const phone = await device('phone');
    const id = await phone.repo.savePolicy(
      policy({ members: [{ name: 'Kiran', relationship: 'Son' }] }),
    );
    await phone.repo.deletePolicy(id);
    const pushesBefore = phone.requests.push;
    await flushUntilIdle(phone);
    expect(await serverPolicy(id)).toBeUndefined();
    // Only the person (reusable by name) was left to send.
    expect(phone.requests.push - pushesBefore).toBe(1);
    expect((await readPolicies(phone.db)).some((p) => p.id === id)).toBe(false);
  });

  it('a delete reaches the other device, which drops its copy', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const id = await phone.repo.savePolicy(policy({ policy_number: 'DEL' }));
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);
    expect((await readPolicies(laptop.db)).some((p) => p.id === id)).toBe(true);

    await phone.repo.deletePolicy(id);
    await flushUntilIdle(phone);
    expect((await serverPolicy(id))?.deleted_at).not.toBeNull();
    expect(await phone.db.policies.get(id)).toBeUndefined();
    await flushUntilIdle(laptop);
    expect(await laptop.db.policies.get(id)).toBeUndefined();
  });

  it('delete wins over an offline edit from another device', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const id = await phone.repo.savePolicy(policy({ policy_number: 'DELWIN' }));
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);

    await laptop.repo.savePolicy(
      policy({ id, policy_number: 'DELWIN', insurer_name: 'Late edit' }),
    );
    await phone.repo.deletePolicy(id);
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);
    expect(laptop.engine.status.get().failed).toBe(0);
    expect(await laptop.db.policies.get(id)).toBeUndefined();
    expect((await serverPolicy(id))?.deleted_at).not.toBeNull();
  });

  it('the same policy renewed on two devices offline advances one period', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const id = await phone.repo.savePolicy(
      policy({
        policy_number: 'TWICE',
        renewal_frequency: 'yearly',
        next_renewal_date: '2025-03-15',
      }),
    );
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);

    await expect(phone.repo.renewPolicy(id)).resolves.toMatchObject({
      next_renewal_date: '2026-03-15',
    });
    await expect(laptop.repo.renewPolicy(id)).resolves.toMatchObject({
      next_renewal_date: '2026-03-15',
    });
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);
    await flushUntilIdle(phone);
    expect((await serverPolicy(id))?.next_renewal_date).toBe('2026-03-15');
    expect((await phone.db.policies.get(id))?.next_renewal_date).toBe('2026-03-15');
    expect((await laptop.db.policies.get(id))?.next_renewal_date).toBe('2026-03-15');
    expect(laptop.engine.status.get().failed).toBe(0);
  });

  it('per-field last write wins: offline edits of different fields on two devices both survive', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const id = await phone.repo.savePolicy(policy({ policy_number: 'LWW' }));
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);

    await phone.repo.savePolicy(policy({ id, policy_number: 'LWW', insurer_name: 'Phone' }));
    await laptop.repo.savePolicy(policy({ id, policy_number: 'LWW', premium_amount: 999 }));
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);
    await flushUntilIdle(phone);
    for (const d of [phone, laptop]) {
      expect(await d.db.policies.get(id)).toMatchObject({
        insurer_name: 'Phone',
        premium_amount: 999,
      });
    }
  });

  it('a refused change is marked failed without blocking the rest; discard restores the server copy', async () => {
    const phone = await device('phone');
    const id = await phone.repo.savePolicy(policy({ policy_number: 'REFUSED' }));
    await flushUntilIdle(phone);

    // A type the user may not use (another user's id) is refused by RLS on the server.
    await phone.repo.savePolicy(
      policy({ id, policy_number: 'REFUSED', policy_type_id: crypto.randomUUID() }),
    );
    const other = await phone.repo.savePolicy(policy({ policy_number: 'FINE' }));
    await phone.engine.flush();
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 1 });
    expect(await serverPolicy(other)).toBeDefined();
    const view = (await readPolicies(phone.db)).find((p) => p.id === id);
    expect(view?.sync).toBe('failed');
    const failed = view?.failedOps[0];
    expect(failed?.message).toBeTruthy();

    await phone.repo.discardOp(failed?.op_id ?? '');
    expect((await phone.db.policies.get(id))?.policy_type_id).toBe(HEALTH);
    await phone.engine.flush();
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
  });

  it("RLS: another user's device never receives the first user's rows", async () => {
    const phone = await device('phone');
    await phone.repo.savePolicy(policy({ policy_number: 'PRIVATE' }));
    await phone.repo.createPolicyType({ name: 'Pet', icon: 'PawPrint' });
    await flushUntilIdle(phone);

    const other = await signUpUser(ctx.server);
    const stranger = await device('stranger', other);
    await flushUntilIdle(stranger);
    expect(await stranger.db.policies.count()).toBe(0);
    expect(await stranger.db.people.count()).toBe(0);
    const types = await stranger.db.policyTypes.toArray();
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t.user_id === null)).toBe(true);
    const { data } = await stranger.client.rpc('sync_pull', { since: 0, max: 5000 });
    expect(JSON.stringify(data)).not.toContain(user.id);
  });

  it('stops pushing when the session belongs to someone else', async () => {
    const phone = await device('phone');
    await phone.repo.savePolicy(policy({ policy_number: 'SWITCHED' }));
    const other = await signUpUser(ctx.server);
    await phone.client.auth.signInWithPassword({ email: other.email, password: other.password });
    await phone.engine.flush();
    expect(phone.engine.status.get()).toMatchObject({ needsSignIn: true, pending: 1 });
    expect(phone.requests.push).toBe(0);
  });

  it('the same new member added on two devices offline becomes one person', async () => {
    const other = await signUpUser(ctx.server);
    const phone = await device('phone', other);
    const laptop = await device('laptop', other);
    const a = await phone.repo.savePolicy(
      policy({ policy_number: 'A', members: [{ name: 'Asha', relationship: 'Self' }] }),
    );
    const b = await laptop.repo.savePolicy(
      policy({ policy_number: 'B', members: [{ name: 'Asha', relationship: 'Self' }] }),
    );
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);
    await flushUntilIdle(phone);

    expect(laptop.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
    const people = await ctx.server.query<{ id: string }>(
      'select id::text as id from public.people where user_id = $1 and deleted_at is null',
      [other.id],
    );
    expect(people).toHaveLength(1);
    for (const d of [phone, laptop]) {
      const views = await readPolicies(d.db);
      expect(views.map((v) => [v.id, v.members.map((m) => m.person_id)]).sort()).toEqual(
        [
          [a, [people[0]?.id]],
          [b, [people[0]?.id]],
        ].sort(),
      );
      expect(await d.db.people.count()).toBe(1);
    }
  });
});
