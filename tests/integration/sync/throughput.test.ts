// Sync volume figures (design §8: 1,000 queued ops in ≤ 5 requests; first pull of 5,000
// policies). Request counts are asserted; times are printed, not asserted: they depend on
// the machine, and fake-indexeddb is far slower than a browser's IndexedDB.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { closeDevice, createDevice, signUpUser, type Device } from './harness';

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}

forEachDatabase('sync throughput', { seedFile: path.resolve('supabase/seed.sql') }, (ctx) => {
  const devices: Device[] = [];
  afterEach(() => {
    for (const d of devices.splice(0)) closeDevice(d);
  });

  it('flushes 1,000 queued ops in at most 5 requests', async () => {
    const user = await signUpUser(ctx.server);
    const phone = await createDevice(ctx.server, user, 'phone');
    devices.push(phone);

    let started = performance.now();
    for (let i = 0; i < 1000; i += 1) {
      await phone.repo.savePolicy({
        policy_type_id: HEALTH,
        insurer_name: `Insurer ${i}`,
        policy_number: `Q-${i}`,
        product_name: null,
        start_date: '2024-01-01',
        next_renewal_date: '2025-01-01',
        renewal_frequency: 'yearly',
        sum_insured: 100000,
        premium_amount: 1000 + i,
        additional_details: null,
        members: [],
      });
    }
    const queueSeconds = seconds(started);
    expect(await phone.db.outbox.count()).toBe(1000);

    started = performance.now();
    await phone.engine.flush();
    const flushSeconds = seconds(started);
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect(phone.requests.push).toBeLessThanOrEqual(5);
    const [count] = await ctx.server.query<{ n: number }>(
      'select count(*)::int as n from public.policies where user_id = $1',
      [user.id],
    );
    expect(count?.n).toBe(1000);
    console.log(
      `[${ctx.kind}] queued 1,000 ops locally in ${queueSeconds} s; flushed in ${flushSeconds} s ` +
        `with ${phone.requests.push} push requests (${1000 / phone.requests.push} ops per request) ` +
        `and ${phone.requests.pull} pull requests`,
    );
  }, 120_000);

  it('pulls 5,000 policies onto a new device', async () => {
    const user = await signUpUser(ctx.server);
    await ctx.server.query(
      `insert into public.policies (user_id, policy_type_id, insurer_name, policy_number,
         start_date, next_renewal_date, renewal_frequency, sum_insured, premium_amount)
       select $1::uuid, $2::uuid, 'Insurer ' || g, 'BULK-' || g, date '2024-01-01',
              date '2025-01-01' + (g % 365), 'yearly', 100000, 1000 + g
         from generate_series(1, 5000) g`,
      [user.id, HEALTH],
    );
    const laptop = await createDevice(ctx.server, user, 'laptop');
    devices.push(laptop);

    const started = performance.now();
    await laptop.engine.flush();
    const pullSeconds = seconds(started);
    expect(laptop.engine.status.get().lastError).toBeUndefined();
    expect(await laptop.db.policies.count()).toBe(5000);
    console.log(
      `[${ctx.kind}] first pull of 5,000 policies: ${pullSeconds} s in ${laptop.requests.pull} pull requests`,
    );
  }, 120_000);
});
