// Issue 14 item 8: one user's push subscription must never stop the reminder job for everyone.
// Keys and endpoint are checked when saved, by every path a user has (the app's RPC, REST
// insert, REST update), with a 400 that says what is wrong; and the job isolates each
// subscription and user, releasing the claim of a reminder no device took so the next run
// retries it. On PGlite and on PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../server/index.ts';
import type { ServerOptions } from '../../../server/index.ts';
import { pushKeys } from '../../helpers/push-keys';
import { clientFor, databaseKinds, forEachDatabase } from '../../helpers/server';
import type { DbKind } from '../../helpers/server';
import { startFakePushService } from '../reminders/fake-push-service';
import type { FakePushService } from '../reminders/fake-push-service';
import {
  addPolicy,
  insertUncheckedSubscription,
  loggedFor,
  runJob,
  signUp,
  subscribe,
  trySubscribe,
  refuseClaims,
} from '../reminders/fixtures';
import type { SubscriptionKeys, User } from '../reminders/fixtures';

const TODAY = '2025-06-01';
const b64u = (bytes: Buffer) => bytes.toString('base64url');

function publicKey(): Buffer {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey();
}

/** A well-formed subscription for a push service that does not exist. */
function wellFormed(): SubscriptionKeys {
  return { endpoint: `https://push.example.com/send/${crypto.randomUUID()}`, ...pushKeys() };
}

type Field = keyof SubscriptionKeys;

interface BadCase {
  name: string;
  field: Field;
  value: () => string;
}

const withFirstByte = (key: Buffer, byte: number) => Buffer.concat([Buffer.from([byte]), key]);

const badCases: BadCase[] = [
  { name: 'p256dh empty', field: 'p256dh', value: () => '' },
  { name: 'p256dh not base64url', field: 'p256dh', value: () => 'not a key!' },
  {
    name: 'p256dh in standard base64 (+ and /)',
    field: 'p256dh',
    value: () => withFirstByte(Buffer.alloc(64, 0xff), 4).toString('base64'),
  },
  { name: 'p256dh 64 bytes', field: 'p256dh', value: () => b64u(publicKey().subarray(0, 64)) },
  {
    name: 'p256dh 66 bytes',
    field: 'p256dh',
    value: () => b64u(Buffer.concat([publicKey(), Buffer.from([0])])),
  },
  {
    name: 'p256dh a compressed point',
    field: 'p256dh',
    value: () => {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      return b64u(ecdh.getPublicKey(null, 'compressed'));
    },
  },
  {
    name: 'p256dh 65 bytes not starting 0x04',
    field: 'p256dh',
    value: () => b64u(withFirstByte(publicKey().subarray(1), 6)),
  },
  { name: 'p256dh with a newline', field: 'p256dh', value: () => `${b64u(publicKey())}\n` },
  { name: 'p256dh huge', field: 'p256dh', value: () => 'A'.repeat(5000) },
  { name: 'auth empty', field: 'auth', value: () => '' },
  { name: 'auth 15 bytes', field: 'auth', value: () => b64u(crypto.randomBytes(15)) },
  { name: 'auth 17 bytes', field: 'auth', value: () => b64u(crypto.randomBytes(17)) },
  { name: 'auth 32 bytes', field: 'auth', value: () => b64u(crypto.randomBytes(32)) },
  { name: 'auth not base64url', field: 'auth', value: () => 'secret secret secret!!' },
  { name: 'endpoint empty', field: 'endpoint', value: () => '' },
  { name: 'endpoint relative', field: 'endpoint', value: () => '/push/me' },
  { name: 'endpoint javascript:', field: 'endpoint', value: () => 'javascript:alert(1)' },
  { name: 'endpoint ftp', field: 'endpoint', value: () => 'ftp://push.example.com/x' },
  { name: 'endpoint https without host', field: 'endpoint', value: () => 'https:///send/x' },
  {
    name: 'endpoint plain http to a remote host',
    field: 'endpoint',
    value: () => 'http://push.example.com/send/x',
  },
  {
    name: 'endpoint plain http to a private address',
    field: 'endpoint',
    value: () => 'http://10.0.0.1/send/x',
  },
  {
    name: 'endpoint plain http to a look-alike of loopback',
    field: 'endpoint',
    value: () => 'http://127.0.0.1.example.com/send/x',
  },
  {
    name: 'endpoint plain http with loopback as user name',
    field: 'endpoint',
    value: () => 'http://localhost@push.example.com/send/x',
  },
  ...[
    'https://10.0.0.1/send/x',
    'https://169.254.169.254/latest/meta-data',
    'https://192.168.1.1./send/x',
    'https://[fd00::1]/send/x',
    'https://[::ffff:10.0.0.1]/send/x',
    'https://2130706433/send/x',
    'https://0x7f000001/send/x',
    'https://10.1/send/x',
  ].map((endpoint) => ({
    name: `endpoint at an address, not a push service's name: ${endpoint}`,
    field: 'endpoint' as const,
    value: () => endpoint,
  })),
  {
    name: 'endpoint with a space',
    field: 'endpoint',
    value: () => 'https://push.example.com/send/a b',
  },
  {
    name: 'endpoint with a line break',
    field: 'endpoint',
    value: () => 'https://push.example.com/send/a\nb',
  },
  {
    name: 'endpoint over 2048 characters',
    field: 'endpoint',
    value: () => `https://push.example.com/${'a'.repeat(2048)}`,
  },
];

const messages: Record<Field, RegExp> = {
  p256dh: /^p256dh must be .*P-256 public key/,
  auth: /^auth must be .*16-byte/,
  endpoint: /^endpoint must (be an https:\/\/ URL|name its push service by host name)/,
};

const goodCases: { name: string; sub: () => SubscriptionKeys }[] = [
  { name: 'an https push service', sub: wellFormed },
  {
    name: 'an https push service with a port and query, keys padded',
    sub: () => ({
      endpoint: `https://push.example.com:8443/wpush/v2/${crypto.randomUUID()}?x=1`,
      p256dh: `${b64u(publicKey())}=`,
      auth: `${b64u(crypto.randomBytes(16))}==`,
    }),
  },
  {
    name: 'plain http to localhost (a local push service)',
    sub: () => ({ ...wellFormed(), endpoint: `http://localhost:9/push/${crypto.randomUUID()}` }),
  },
  {
    name: 'plain http to 127.0.0.1',
    sub: () => ({ ...wellFormed(), endpoint: `http://127.0.0.1/push/${crypto.randomUUID()}` }),
  },
  {
    name: 'plain http to [::1]',
    sub: () => ({ ...wellFormed(), endpoint: `http://[::1]:8080/${crypto.randomUUID()}` }),
  },
];

forEachDatabase(
  'security: reminder job',
  { reminders: { intervalMs: 0, allowHttpEndpoints: true } },
  (ctx) => {
    let eve: User;
    let eveSaved: SubscriptionKeys;

    async function stored(endpoint: string) {
      return ctx.server.query<{ p256dh: string; auth: string }>(
        'select p256dh, auth from public.push_subscriptions where endpoint = $1',
        [endpoint],
      );
    }

    beforeAll(async () => {
      eve = await signUp(ctx, 'eve');
      eveSaved = wellFormed();
      await subscribe(eve, eveSaved);
    });

    describe('a malformed subscription is refused when saved', () => {
      it.each(badCases)('$name, through the app’s save_push_subscription', async (c) => {
        const sub = { ...wellFormed(), [c.field]: c.value() };
        const { status, error } = await trySubscribe(eve, sub);
        expect(status).toBe(400);
        expect(error).toMatchObject({
          code: '22023',
          message: expect.stringMatching(messages[c.field]),
        });
        expect(await stored(sub.endpoint)).toEqual([]);
      });

      it.each(badCases)('$name, through a REST insert', async (c) => {
        const sub = { ...wellFormed(), [c.field]: c.value() };
        const { status, error } = await eve.client.from('push_subscriptions').insert(sub);
        expect(status).toBe(400);
        expect(error).toMatchObject({
          code: '22023',
          message: expect.stringMatching(messages[c.field]),
        });
        expect(await stored(sub.endpoint)).toEqual([]);
      });

      it.each(badCases)('$name, through a REST update', async (c) => {
        const { status, error } = await eve.client
          .from('push_subscriptions')
          .update({ [c.field]: c.value() })
          .eq('endpoint', eveSaved.endpoint);
        expect(status).toBe(400);
        expect(error).toMatchObject({
          code: '22023',
          message: expect.stringMatching(messages[c.field]),
        });
        expect(await stored(eveSaved.endpoint)).toEqual([
          { p256dh: eveSaved.p256dh, auth: eveSaved.auth },
        ]);
      });
    });

    it.each(goodCases)('accepts $name', async (c) => {
      const sub = c.sub();
      const { status, error } = await trySubscribe(eve, sub);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(await stored(sub.endpoint)).toHaveLength(1);
    });

    it.each([
      ['push_subscription_problem', { endpoint: 'x', p256dh: 'x', auth: 'x' }],
      ['base64url_decode', { value: 'AAAA' }],
    ])('does not offer the checker %s as an RPC', async (fn, args) => {
      const { status, data } = await eve.client.rpc(fn, args);
      expect([401, 403, 404]).toContain(status);
      expect(data).toBeNull();
    });

    describe('one user’s subscription cannot stop the job', () => {
      let push: FakePushService;
      const good: { user: User; policy: string; name: string }[] = [];
      let mallory: User;
      let malloryPolicy: string;
      let trent: User;
      let trentPolicy: string;

      beforeAll(async () => {
        push = await startFakePushService();
        for (const name of ['asha', 'ravi', 'meera', 'kabir']) {
          const user = await signUp(ctx, name);
          await subscribe(user, push.device(`${name}-phone`));
          const policy = await addPolicy(ctx, user, { typeId: null, insurer: 'Acko', due: TODAY });
          good.push({ user, policy, name });
        }
        // Mallory's key is well formed (65 bytes, 0x04 first) but not a point on the curve: it
        // passes every check a database can make, and web-push cannot encrypt to it.
        mallory = await signUp(ctx, 'mallory');
        const offCurve = publicKey();
        offCurve[64] = (offCurve[64] ?? 0) ^ 1;
        await subscribe(mallory, { ...push.device('mallory-phone'), p256dh: b64u(offCurve) });
        malloryPolicy = await addPolicy(ctx, mallory, {
          typeId: null,
          insurer: 'Digit',
          due: TODAY,
        });
        // Trent's row predates the checks: keys web-push refuses outright.
        trent = await signUp(ctx, 'trent');
        await insertUncheckedSubscription(ctx, trent, {
          endpoint: push.device('trent-phone').endpoint,
          p256dh: 'short',
          auth: 'x',
        });
        trentPolicy = await addPolicy(ctx, trent, { typeId: null, insurer: 'LIC', due: TODAY });
      });

      afterAll(async () => {
        await push.close();
      });

      it('still reminds everyone else, and counts the two failures', async () => {
        const result = await runJob(ctx, TODAY);
        expect(result).toMatchObject({ sent: 4, delivered: 4, failed: 2, removed: 0, errors: 0 });
        for (const { name, policy } of good) {
          expect(push.received.filter((r) => r.device === `${name}-phone`)).toHaveLength(1);
          expect(await loggedFor(ctx, policy)).toEqual(['0']);
        }
      });

      it('releases the claims no device took, and retries them next run', async () => {
        expect(await loggedFor(ctx, malloryPolicy)).toEqual([]);
        expect(await loggedFor(ctx, trentPolicy)).toEqual([]);

        // Mallory adds a working phone: the next run delivers her reminder there, once.
        const phone = push.device('mallory-new-phone');
        await subscribe(mallory, phone);
        const result = await runJob(ctx, TODAY);
        expect(result).toMatchObject({ sent: 1, delivered: 1, failed: 2, errors: 0 });
        expect(push.payloadsFor(phone)).toEqual([
          expect.objectContaining({ tag: `${malloryPolicy}:${TODAY}:0` }),
        ]);
        expect(await loggedFor(ctx, malloryPolicy)).toEqual(['0']);
        expect(await loggedFor(ctx, trentPolicy)).toEqual([]);
        for (const { name } of good) {
          expect(push.received.filter((r) => r.device === `${name}-phone`)).toHaveLength(1);
        }
      });

      it('carries on past a database error for one user and reports it', async () => {
        const victim = good[0];
        if (!victim) throw new Error('no users');
        const restore = await refuseClaims(ctx, `new.policy_id = '${victim.policy}'::uuid`);
        try {
          const tomorrow = '2025-06-02';
          const result = await runJob(ctx, tomorrow);
          expect(result).toMatchObject({ sent: 4, failed: 2, errors: 1 });
          expect(await loggedFor(ctx, victim.policy)).toEqual(['0']);
          for (const { policy } of good.slice(1)) {
            expect(await loggedFor(ctx, policy)).toEqual(['0', 'lapsed']);
          }
        } finally {
          await restore();
        }
        // Fixed: the next run sends the one that was skipped.
        expect(await runJob(ctx, '2025-06-02')).toMatchObject({ sent: 1, errors: 0 });
        expect(await loggedFor(ctx, victim.policy)).toEqual(['0', 'lapsed']);
      });
    });

    describe('one user’s failing device costs the run once, not once per policy', () => {
      let push: FakePushService;

      beforeAll(async () => {
        push = await startFakePushService();
      });

      afterAll(async () => {
        await push.close();
      });

      it('tries a device that failed no more in that run, and retries all its reminders next run', async () => {
        const day = '2025-09-01';
        const zoya = await signUp(ctx, 'zoya');
        // A push service that answers 503 stands in for one that never answers (each such
        // attempt would hold the run for the push timeout).
        await subscribe(zoya, push.device('zoya-phone', 503));
        const policies = [];
        for (const insurer of ['Acko', 'Digit', 'Niva Bupa']) {
          policies.push(await addPolicy(ctx, zoya, { typeId: null, insurer, due: day }));
        }
        await runJob(ctx, day);
        expect(push.received.filter((r) => r.device === 'zoya-phone')).toHaveLength(1);
        for (const policy of policies) expect(await loggedFor(ctx, policy)).toEqual([]);

        const phone = push.device('zoya-new-phone');
        await subscribe(zoya, phone);
        await runJob(ctx, day);
        expect(push.payloadsFor(phone)).toHaveLength(3);
      });
    });
  },
);

const MIGRATION = '20261123090100_push_subscription_keys.sql';

/** Where one database lives across two server starts, and how to remove it afterwards. */
async function lastingDatabase(
  kind: DbKind,
): Promise<{ opts: ServerOptions; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bimaguide-migration-'));
    return { opts: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true }) };
  }
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  const name = `bg_test_${crypto.randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return {
    opts: { dataDir: 'memory', databaseUrl: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe.each(databaseKinds())('security: %s subscriptions saved before the checks', (kind) => {
  it('are deleted by the migration when no push could reach them, and kept otherwise', async () => {
    const migrations = path.resolve('supabase/migrations');
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'bimaguide-migrations-'));
    for (const file of fs.readdirSync(migrations).filter((f) => f < MIGRATION)) {
      fs.copyFileSync(path.join(migrations, file), path.join(earlier, file));
    }
    const db = await lastingDatabase(kind);
    const base: ServerOptions = { ...db.opts, port: 0, quiet: true, bcryptCost: 4, seedFile: null };
    const usable = [wellFormed(), { ...wellFormed(), endpoint: 'http://127.0.0.1:9/push/dev' }];
    const unusable = [
      { ...wellFormed(), p256dh: 'BOr-key' },
      { ...wellFormed(), auth: 'auth-secret' },
      { ...wellFormed(), endpoint: 'http://push.example.com/send/1' },
    ];
    try {
      const before = await startServer({ ...base, migrationsDir: earlier });
      try {
        const { data } = await clientFor(before, before.anonKey).auth.signUp({
          email: 'old-subscriber@example.com',
          password: 'secret1',
        });
        for (const sub of [...usable, ...unusable]) {
          await before.query(
            `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
             values ($1, $2, $3, $4)`,
            [data.user?.id ?? null, sub.endpoint, sub.p256dh, sub.auth],
          );
        }
      } finally {
        await before.stop();
      }
      const after = await startServer(base);
      try {
        const rows = await after.query<{ endpoint: string }>(
          'select endpoint from public.push_subscriptions order by endpoint',
        );
        expect(rows.map((r) => r.endpoint)).toEqual(usable.map((s) => s.endpoint).sort());
      } finally {
        await after.stop();
      }
    } finally {
      await db.drop();
      fs.rmSync(earlier, { recursive: true });
    }
  });
});
