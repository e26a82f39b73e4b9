// Other devices' changes within seconds (issue 15): the database pokes the user's private
// Realtime channel after each committed change, the local server's /realtime/v1/websocket
// delivers it, and the engine pulls. Run on PGlite and PostgreSQL.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { forEachDatabase, realtimeTransport } from '../../helpers/server';
import type { RunningServer } from '../../../server/index.ts';
import { listenForPokes, syncTopic } from '../../../src/sync/realtime';
import { readPolicies } from '../../../src/sync/queries';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  signUpUser,
  type Device,
  type TestUser,
} from './harness';

async function signedIn(server: RunningServer, user: TestUser): Promise<SupabaseClient> {
  const client = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: realtimeTransport },
  });
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw new Error(error.message);
  return client;
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/** A raw Phoenix socket (serializer 2.0.0 arrays) for what supabase-js would never send. */
async function rawSocket(server: RunningServer, query = `apikey=${server.anonKey}&vsn=2.0.0`) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
  const frames: unknown[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const replyTo = async (ref: string) => {
    await waitFor(() => frames.some((f) => Array.isArray(f) && f[1] === ref), 5_000);
    return frames.find((f) => Array.isArray(f) && f[1] === ref) as
      | [string | null, string, string, string, { status: string; response: { reason?: string } }]
      | undefined;
  };
  return { ws, frames, closed, replyTo };
}

async function tokenFor(server: RunningServer, userId: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(server.jwtSecret));
}

forEachDatabase('realtime sync pokes', { seedFile: path.resolve('supabase/seed.sql') }, (ctx) => {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function listen(client: SupabaseClient, userId: string, pokes: { n: number }) {
    const stop = listenForPokes({
      userId,
      getClient: () => Promise.resolve(client),
      onPoke: () => {
        pokes.n += 1;
      },
    });
    cleanups.push(async () => {
      stop();
      await client.realtime.disconnect();
    });
  }

  async function subscribed(client: SupabaseClient): Promise<void> {
    expect(await waitFor(() => client.getChannels().some((c) => c.state === 'joined'), 5_000)).toBe(
      true,
    );
  }

  it("a device hears its user's change, and another user never does", async () => {
    const [a, b] = [await signUpUser(ctx.server), await signUpUser(ctx.server)];
    const aPokes = { n: 0 };
    const bPokes = { n: 0 };
    const aClient = await signedIn(ctx.server, a);
    const bClient = await signedIn(ctx.server, b);
    listen(aClient, a.id, aPokes);
    listen(bClient, b.id, bPokes);
    await subscribed(aClient);
    await subscribed(bClient);

    // Joining pulls once (changes made while the channel was down were never poked).
    expect(await waitFor(() => aPokes.n === 1 && bPokes.n === 1, 5_000)).toBe(true);

    const phone: Device = await createDevice(ctx.server, a, 'a-phone');
    cleanups.push(() => closeDevice(phone));
    await phone.repo.savePolicy(policyInput({ insurer_name: 'Poked Health' }));
    await flushUntilIdle(phone);

    expect(await waitFor(() => aPokes.n > 1, 5_000)).toBe(true);
    // The poke has been delivered to A; B's would have gone out in the same round.
    await new Promise((r) => setTimeout(r, 500));
    expect(bPokes.n).toBe(1);
  });

  it("refuses joining another user's channel, a public channel and a missing or bad token", async () => {
    const [a, b] = [await signUpUser(ctx.server), await signUpUser(ctx.server)];
    const sock = await rawSocket(ctx.server);
    cleanups.push(() => sock.ws.close());
    const bToken = await tokenFor(ctx.server, b.id, 600);
    const cases: [string, object, RegExp][] = [
      [syncTopic(a.id), { config: { private: true }, access_token: bToken }, /Unauthorized/],
      [syncTopic(b.id), { config: { private: false }, access_token: bToken }, /PrivateOnly/],
      [syncTopic(b.id), { config: { private: true } }, /access token required/],
      [syncTopic(b.id), { config: { private: true }, access_token: 'not-a-jwt' }, /Invalid JWT/],
      [
        syncTopic(b.id),
        { config: { private: true }, access_token: await tokenFor(ctx.server, b.id, -60) },
        /expired/,
      ],
      [
        syncTopic(b.id),
        {
          config: { private: true, postgres_changes: [{ event: '*', schema: 'public' }] },
          access_token: bToken,
        },
        /not supported/,
      ],
    ];
    for (const [i, [topic, payload, reason]] of cases.entries()) {
      const ref = String(i + 1);
      sock.ws.send(JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', payload]));
      const reply = await sock.replyTo(ref);
      expect(reply?.[4].status, `case ${i}`).toBe('error');
      expect(reply?.[4].response.reason, `case ${i}`).toMatch(reason);
    }
    // B's own channel with B's token is accepted on the same socket.
    sock.ws.send(
      JSON.stringify([
        '9',
        '9',
        `realtime:${syncTopic(b.id)}`,
        'phx_join',
        { config: { private: true }, access_token: bToken },
      ]),
    );
    expect((await sock.replyTo('9'))?.[4].status).toBe('ok');
  });

  it('answers heartbeats, closes on malformed frames and refuses a bad API key', async () => {
    const sock = await rawSocket(ctx.server);
    sock.ws.send(JSON.stringify([null, 'h1', 'phoenix', 'heartbeat', {}]));
    expect((await sock.replyTo('h1'))?.[4].status).toBe('ok');
    sock.ws.send('{not json');
    expect(await sock.closed).toBe(1007);

    const objectFrames = await rawSocket(ctx.server, `apikey=${ctx.server.anonKey}&vsn=1.0.0`);
    objectFrames.ws.send(JSON.stringify(['a', 'b', 'c', 'd', {}]));
    expect(await objectFrames.closed).toBe(1007);

    await expect(rawSocket(ctx.server, 'apikey=nope&vsn=2.0.0')).rejects.toThrow(/401/);
    const health = await fetch(`${ctx.server.url}/health`);
    expect(health.status).toBe(200);
  });

  it("another device's change reaches this device's store within seconds, without the poll", async () => {
    const user = await signUpUser(ctx.server);
    const desktop = await createDevice(ctx.server, user, 'desktop');
    const phone = await createDevice(ctx.server, user, 'phone', {
      autoStart: true,
      intervalMs: 3_600_000,
    });
    cleanups.push(() => closeDevice(desktop));
    cleanups.push(() => closeDevice(phone));
    await subscribed(phone.client);
    // The phone's first pull at start is done before the change is made.
    await waitFor(() => phone.engine.status.get().lastSyncedAt !== undefined, 5_000);

    const started = Date.now();
    await desktop.repo.savePolicy(policyInput({ insurer_name: 'Seen Within Seconds' }));
    await flushUntilIdle(desktop);
    const arrived = await waitFor(
      async () =>
        (await readPolicies(phone.db)).some((p) => p.insurer_name === 'Seen Within Seconds'),
      5_000,
    );
    expect(arrived).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
