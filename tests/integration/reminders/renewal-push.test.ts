// The renewal push job (design §6, issue 8) against the local server and a fake push service
// on 127.0.0.1: encrypted payloads reach the right subscriptions, 404/410 subscriptions are
// removed, no reminder key is sent twice, a renewed policy gets a fresh reminder, and one
// user's policies never reach another user's device. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import { startFakePushService } from './fake-push-service';
import type { FakeDevice, FakePushService } from './fake-push-service';
import { addPolicy, addType, runJob, signUp, subscribe } from './fixtures';
import type { User } from './fixtures';

const TODAY = '2025-06-01';

forEachDatabase(
  'renewal push reminders',
  { reminders: { intervalMs: 0, allowHttpEndpoints: true } },
  (ctx) => {
    let push: FakePushService;
    let asha: User;
    let ravi: User;
    let meera: User;
    let ashaPhone: FakeDevice;
    let ashaOldLaptop: FakeDevice;
    let raviPhone: FakeDevice;
    let healthType: string;
    let ashaHealth: string;
    let raviMotor: string;
    let meeraTerm: string;

    beforeAll(async () => {
      push = await startFakePushService();
      [asha, ravi, meera] = await Promise.all([
        signUp(ctx, 'asha'),
        signUp(ctx, 'ravi'),
        signUp(ctx, 'meera'),
      ]);
      ashaPhone = push.device('asha-phone');
      ashaOldLaptop = push.device('asha-old-laptop', 410);
      raviPhone = push.device('ravi-phone');
      await subscribe(asha, ashaPhone);
      await subscribe(asha, ashaOldLaptop);
      await subscribe(ravi, raviPhone);

      healthType = await addType(ctx, 'Health');
      const motorType = await addType(ctx, 'Motor');
      const termType = await addType(ctx, 'Term Life');
      ashaHealth = await addPolicy(ctx, asha, {
        typeId: healthType,
        insurer: 'Star Health',
        premium: 18500,
        due: '2025-06-08',
      });
      // Far away, and a deleted one due today: neither is pushed.
      await addPolicy(ctx, asha, { typeId: motorType, insurer: 'Acko', due: '2027-08-30' });
      await addPolicy(ctx, asha, {
        typeId: motorType,
        insurer: 'Digit',
        due: TODAY,
        deleted: true,
      });
      raviMotor = await addPolicy(ctx, ravi, {
        typeId: motorType,
        insurer: 'ICICI Lombard',
        due: TODAY,
      });
      // Meera has a due policy but no subscription.
      meeraTerm = await addPolicy(ctx, meera, {
        typeId: termType,
        insurer: 'LIC',
        due: '2025-06-02',
      });
    });

    afterAll(async () => {
      await push.close();
    });

    it('serves the VAPID public key and runs the job only for the service role', async () => {
      const key = await rawFetch(ctx.server, '/functions/v1/vapid-public-key');
      expect(key.status).toBe(200);
      expect(key.json).toEqual({ publicKey: ctx.server.vapidPublicKey });

      for (const token of [ctx.server.anonKey, asha.accessToken]) {
        const res = await rawFetch(ctx.server, '/functions/v1/renewal-reminders', {
          method: 'POST',
          token,
          body: '{}',
        });
        expect(res.status).toBe(401);
      }
      expect(push.received).toHaveLength(0);
    });

    it('pushes each due reminder, encrypted, to the owner’s devices only', async () => {
      const result = await runJob(ctx, TODAY);
      expect(result).toMatchObject({ sent: 2, delivered: 2, removed: 1, failed: 0 });

      expect(push.payloadsFor(ashaPhone)).toEqual([
        {
          title: 'Star Health renews on 8 Jun — premium ₹18,500',
          body: 'Health policy, renews in 7 days. Open BimaGuide to see the policy and mark it renewed once paid.',
          tag: `${ashaHealth}:2025-06-08:7`,
          url: `/policy-tracker/${ashaHealth}`,
        },
      ]);
      expect(push.payloadsFor(raviPhone)).toEqual([
        expect.objectContaining({
          title: 'ICICI Lombard is due today, 1 Jun',
          tag: `${raviMotor}:${TODAY}:0`,
        }),
      ]);

      const first = push.received.find((r) => r.device === 'asha-phone');
      expect(first?.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: '86400',
        urgency: 'normal',
      });
      expect(first?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      // The body is ciphertext: the title does not appear in it.
      expect(first?.body.toString('latin1')).not.toContain('Star Health');

      // Meera never subscribed: her policy reached no device and nothing was logged for it.
      const meeraLog = await ctx.server.query(
        'select 1 from public.reminder_log where policy_id = $1',
        [meeraTerm],
      );
      expect(meeraLog).toHaveLength(0);
    });

    it('removes a subscription the push service answered 410 for', async () => {
      expect(push.received.filter((r) => r.device === 'asha-old-laptop')).toHaveLength(1);
      const rows = await ctx.server.query<{ endpoint: string }>(
        'select endpoint from public.push_subscriptions where user_id = $1',
        [asha.id],
      );
      expect(rows.map((r) => r.endpoint)).toEqual([ashaPhone.endpoint]);
    });

    it('sends nothing new when it runs again, and only the newly lapsed one a day later', async () => {
      const before = push.received.length;
      expect(await runJob(ctx, TODAY)).toMatchObject({ sent: 0, delivered: 0 });
      expect(push.received.length).toBe(before);

      // The next day Ravi's policy has lapsed: a new key; Asha's 7-day one is not repeated.
      expect(await runJob(ctx, '2025-06-02')).toMatchObject({ sent: 1 });
      expect(push.received.length).toBe(before + 1);
      expect(push.payloadsFor(raviPhone).at(-1)).toMatchObject({
        title: 'ICICI Lombard lapsed on 1 Jun',
        tag: `${raviMotor}:${TODAY}:lapsed`,
      });
      expect(await runJob(ctx, '2025-06-03')).toMatchObject({ sent: 0 });
      expect(push.received.length).toBe(before + 1);
      const log = await ctx.server.query('select 1 from public.reminder_log');
      expect(log).toHaveLength(3);
    });

    it('reminds again at the next threshold and for a renewed policy’s new date', async () => {
      // Seven days on, Asha's policy is due tomorrow: the 1-day reminder is a new key.
      await runJob(ctx, '2025-06-07');
      expect(push.payloadsFor(ashaPhone).at(-1)).toMatchObject({
        title: 'Star Health renews on 8 Jun — premium ₹18,500',
        tag: `${ashaHealth}:2025-06-08:1`,
      });

      // Renewed for a year: the new due date makes new keys when its thresholds come round.
      await ctx.server.query(
        `update public.policies set next_renewal_date = '2026-06-08' where id = $1`,
        [ashaHealth],
      );
      expect((await runJob(ctx, '2025-06-08')).sent).toBe(0);
      const result = await runJob(ctx, '2026-06-01');
      expect(result.sent).toBeGreaterThanOrEqual(1);
      expect(push.payloadsFor(ashaPhone)).toContainEqual(
        expect.objectContaining({
          title: 'Star Health renews on 8 Jun — premium ₹18,500',
          tag: `${ashaHealth}:2026-06-08:7`,
        }),
      );
    });

    it('never delivers one user’s policy to another user’s device', async () => {
      const raviTags = push.payloadsFor(raviPhone).map((p) => (p as { tag: string }).tag);
      const ashaTags = push.payloadsFor(ashaPhone).map((p) => (p as { tag: string }).tag);
      expect(raviTags.length).toBeGreaterThan(0);
      expect(raviTags.every((t) => t.startsWith(`${raviMotor}:`))).toBe(true);
      expect(ashaTags.every((t) => t.startsWith(`${ashaHealth}:`))).toBe(true);
      expect([...raviTags, ...ashaTags].some((t) => t.startsWith(meeraTerm))).toBe(false);
    });

    it('follows the days a user chose and retries a reminder no device accepted', async () => {
      const { error } = await ravi.client
        .from('reminder_settings')
        .upsert({ user_id: ravi.id, thresholds: [3] });
      expect(error).toBeNull();
      const bike = await addPolicy(ctx, ravi, {
        typeId: healthType,
        insurer: 'Niva Bupa',
        due: '2026-06-10',
      });
      // Five days out: past the default 7-day mark, but Ravi asked only for 3 days before.
      expect((await runJob(ctx, '2026-06-05')).sent).toBe(0);

      raviPhone.status = 500;
      // (Asha's policy is due tomorrow that day, so her 1-day reminder goes out meanwhile.)
      expect(await runJob(ctx, '2026-06-07')).toMatchObject({ failed: 1 });
      raviPhone.status = 201;
      expect(await runJob(ctx, '2026-06-07')).toMatchObject({ sent: 1, failed: 0 });
      const [refused, accepted] = push.payloadsFor(raviPhone).slice(-2);
      expect(refused).toEqual(accepted);
      expect(accepted).toMatchObject({
        title: 'Niva Bupa renews on 10 Jun',
        tag: `${bike}:2026-06-10:3`,
      });
      expect(await runJob(ctx, '2026-06-07')).toMatchObject({ sent: 0, failed: 0 });
    });

    it('writes the notification in the language the user chose', async () => {
      const { error } = await meera.client
        .from('reminder_settings')
        .upsert({ user_id: meera.id, locale: 'hi' }, { onConflict: 'user_id' });
      expect(error).toBeNull();
      const meeraPhone = push.device('meera-phone');
      await subscribe(meera, meeraPhone);
      // LIC is due 2 Jun 2025; the 1-day reminder goes out on the 1st.
      expect((await runJob(ctx, TODAY)).sent).toBeGreaterThan(0);
      expect(push.payloadsFor(meeraPhone)).toContainEqual(
        expect.objectContaining({
          title: 'LIC का रिन्यूअल 2 जून को है',
          body: expect.stringMatching(/^Term Life पॉलिसी, कल रिन्यूअल है। /),
          tag: `${meeraTerm}:2025-06-02:1`,
        }),
      );
    });
  },
);
