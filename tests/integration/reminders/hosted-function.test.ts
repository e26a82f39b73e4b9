// The hosted Edge Function (supabase/functions/renewal-reminders) run under Deno against the
// local server (its PostgREST stand-in) and a fake HTTPS push service: what reaches devices,
// what is removed, what is logged, who may run it, and that one user's unusable subscription
// or a database error stops nobody else (issue 14 item 8). On PGlite and on PostgreSQL.
import crypto from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushKeys } from '../../helpers/push-keys';
import { forEachDatabase } from '../../helpers/server';
import { startFakePushService } from './fake-push-service';
import type { FakeDevice, FakePushService } from './fake-push-service';
import {
  addPolicy,
  addType,
  insertUncheckedSubscription,
  loggedFor,
  signUp,
  subscribe,
  refuseClaims,
} from './fixtures';
import type { JobResult, User } from './fixtures';
import {
  FIRST_START_TIMEOUT_MS,
  selfSignedCertificate,
  startHostedFunction,
} from '../../helpers/edge-function';
import type { HostedFunction } from '../../helpers/edge-function';

const TODAY = '2025-06-01';

function offCurveKey(): string {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPublicKey();
  key[64] = (key[64] ?? 0) ^ 1;
  return key.toString('base64url');
}

forEachDatabase(
  'hosted renewal-reminders function under Deno',
  { reminders: { intervalMs: 0 } },
  (ctx) => {
    let fn: HostedFunction;
    let push: FakePushService;
    let asha: User;
    let ravi: User;
    let mallory: User;
    let ashaPhone: FakeDevice;
    let ashaOldLaptop: FakeDevice;
    let raviPhone: FakeDevice;
    let ashaHealth: string;
    let raviMotor: string;
    let malloryPolicy: string;
    let trentPolicy: string;
    let meeraPolicy: string;

    async function call(
      init: { token?: string; method?: string; body?: string } = {},
    ): Promise<{ status: number; json: unknown }> {
      const res = await fetch(`${fn.url}/functions/v1/renewal-reminders`, {
        method: init.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.method === 'GET' ? {} : { body: init.body ?? '{}' }),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    }

    async function run(today: string): Promise<JobResult> {
      const res = await call({ token: ctx.server.serviceRoleKey, body: JSON.stringify({ today }) });
      expect(res.status, `${JSON.stringify(res.json)}\n${fn.output()}`).toBe(200);
      return res.json as JobResult;
    }

    beforeAll(async () => {
      const tls = selfSignedCertificate();
      push = await startFakePushService({ tls });
      const vapid = webpush.generateVAPIDKeys();
      fn = await startHostedFunction(
        'renewal-reminders',
        {
          SUPABASE_URL: ctx.server.url,
          SUPABASE_SERVICE_ROLE_KEY: ctx.server.serviceRoleKey,
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          VAPID_SUBJECT: 'mailto:support@bimaguide.example',
          REMINDER_TIME_ZONE: 'Asia/Kolkata',
        },
        tls.certFile,
      );

      let trent: User;
      let meera: User;
      [asha, ravi, mallory, trent, meera] = await Promise.all([
        signUp(ctx, 'asha'),
        signUp(ctx, 'ravi'),
        signUp(ctx, 'mallory'),
        signUp(ctx, 'trent'),
        signUp(ctx, 'meera'),
      ]);
      ashaPhone = push.device('asha-phone');
      ashaOldLaptop = push.device('asha-old-laptop', 410);
      raviPhone = push.device('ravi-phone');
      await subscribe(asha, ashaPhone);
      await subscribe(asha, ashaOldLaptop);
      await subscribe(ravi, raviPhone);
      // A tablet the push service no longer knows: it answers 404.
      await subscribe(ravi, { ...pushKeys(), endpoint: `${push.url}/push/forgotten-tablet` });
      // Well formed, so it is saved; but not a point on the curve, so web-push throws on it.
      await subscribe(mallory, { ...push.device('mallory-phone'), p256dh: offCurveKey() });
      // Saved before the checks existed: keys web-push refuses outright.
      await insertUncheckedSubscription(ctx, trent, {
        endpoint: push.device('trent-phone').endpoint,
        p256dh: 'short',
        auth: 'x',
      });

      const health = await addType(ctx, 'Health');
      const motor = await addType(ctx, 'Motor');
      ashaHealth = await addPolicy(ctx, asha, {
        typeId: health,
        insurer: 'Star Health',
        premium: 18500,
        due: '2025-06-08',
      });
      await addPolicy(ctx, asha, { typeId: motor, insurer: 'Acko', due: '2027-08-30' });
      await addPolicy(ctx, asha, { typeId: motor, insurer: 'Digit', due: TODAY, deleted: true });
      raviMotor = await addPolicy(ctx, ravi, {
        typeId: motor,
        insurer: 'ICICI Lombard',
        due: TODAY,
      });
      malloryPolicy = await addPolicy(ctx, mallory, { typeId: null, insurer: 'Digit', due: TODAY });
      trentPolicy = await addPolicy(ctx, trent, { typeId: null, insurer: 'LIC', due: TODAY });
      meeraPolicy = await addPolicy(ctx, meera, { typeId: null, insurer: 'LIC', due: TODAY });
    }, FIRST_START_TIMEOUT_MS);

    afterAll(async () => {
      await fn?.stop();
      await push?.close();
    });

    it('runs only for the service role', async () => {
      const forged = ctx.server.serviceRoleKey.replace(/\.[^.]+$/, '.c2lnbmF0dXJl');
      for (const token of [undefined, ctx.server.anonKey, asha.accessToken, forged]) {
        expect((await call(token === undefined ? {} : { token })).status).toBe(401);
      }
      expect((await call({ method: 'GET', token: ctx.server.serviceRoleKey })).status).toBe(405);
      expect(push.received).toHaveLength(0);
    });

    it('refuses a day that is not a date', async () => {
      for (const body of ['{"today":"2025-02-30"}', '{"today":20250601}', '[]', 'not json']) {
        const res = await call({ token: ctx.server.serviceRoleKey, body });
        expect(res.status).toBe(400);
      }
      expect(push.received).toHaveLength(0);
    });

    it('pushes due reminders past unusable subscriptions, and removes the 404 and 410 ones', async () => {
      expect(await run(TODAY)).toMatchObject({
        sent: 2,
        delivered: 2,
        removed: 2,
        failed: 2,
        errors: 0,
      });
      expect(push.payloadsFor(ashaPhone)).toEqual([
        {
          title: 'Star Health renews on 8 Jun — premium ₹18,500',
          body: 'Health policy, renews in 7 days. Open BimaGuide to see the policy and mark it renewed once paid.',
          tag: `${ashaHealth}:2025-06-08:7`,
          url: `/policy-tracker/${ashaHealth}`,
        },
      ]);
      expect(push.payloadsFor(raviPhone)).toEqual([
        expect.objectContaining({ title: 'ICICI Lombard is due today, 1 Jun' }),
      ]);
      expect(push.received.find((r) => r.device === 'asha-phone')?.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        ttl: '86400',
        authorization: expect.stringMatching(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/),
      });
      const ashaSubs = await ctx.server.query<{ endpoint: string }>(
        'select endpoint from public.push_subscriptions where user_id = $1',
        [asha.id],
      );
      expect(ashaSubs.map((s) => s.endpoint)).toEqual([ashaPhone.endpoint]);
      const raviSubs = await ctx.server.query<{ endpoint: string }>(
        'select endpoint from public.push_subscriptions where user_id = $1',
        [ravi.id],
      );
      expect(raviSubs.map((s) => s.endpoint)).toEqual([raviPhone.endpoint]);
      expect(await loggedFor(ctx, ashaHealth)).toEqual(['7']);
      expect(await loggedFor(ctx, raviMotor)).toEqual(['0']);
      // Nobody took Mallory's or Trent's: released for the next run. Meera has no device.
      for (const policy of [malloryPolicy, trentPolicy, meeraPolicy]) {
        expect(await loggedFor(ctx, policy)).toEqual([]);
      }
    });

    it('sends nothing twice, and delivers a released reminder once a device works', async () => {
      const before = push.received.length;
      expect(await run(TODAY)).toMatchObject({ sent: 0, delivered: 0, failed: 2 });
      expect(push.received).toHaveLength(before);

      const phone = push.device('mallory-new-phone');
      await subscribe(mallory, phone);
      expect(await run(TODAY)).toMatchObject({ sent: 1, delivered: 1, failed: 2, errors: 0 });
      expect(push.payloadsFor(phone)).toEqual([
        expect.objectContaining({ tag: `${malloryPolicy}:${TODAY}:0` }),
      ]);
      expect(await loggedFor(ctx, malloryPolicy)).toEqual(['0']);
    });

    it('carries on past a database error for one user and reports it', async () => {
      const restore = await refuseClaims(
        ctx,
        `new.threshold = 'lapsed' and new.user_id = (
           select user_id from public.policies where insurer_name = 'ICICI Lombard')`,
      );
      try {
        // The next day Ravi's and Mallory's policies have lapsed; Ravi's claim cannot be written.
        expect(await run('2025-06-02')).toMatchObject({ sent: 1, errors: 1 });
        expect(push.payloadsFor(raviPhone)).toHaveLength(1);
        expect(await loggedFor(ctx, malloryPolicy)).toEqual(['0', 'lapsed']);
      } finally {
        await restore();
      }
      expect(await run('2025-06-02')).toMatchObject({ sent: 1, errors: 0 });
      expect(push.payloadsFor(raviPhone).at(-1)).toMatchObject({
        tag: `${raviMotor}:${TODAY}:lapsed`,
      });
    });
  },
);
