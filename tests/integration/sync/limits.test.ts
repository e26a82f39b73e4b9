// Sync against the local server when requests are too big or never answered (issue 15,
// defects 2 and 3), through the real supabase-js client on PGlite and PostgreSQL.
import net from 'node:net';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, realtimeTransport } from '../../helpers/server';
import { TrackerDb } from '../../../src/db/tracker-db';
import { startSync } from '../../../src/sync/engine';
import { createTrackerRepo } from '../../../src/sync/repo';
import {
  closeDevice,
  createDevice,
  signUpUser,
  type Device,
  type TestUser,
  policyInput,
} from './harness';

const policy = policyInput;

/** The longest notes the form allows, in Hindi: 2000 characters, 3 bytes each in UTF-8. */
const HINDI_NOTES = 'बीमा'.repeat(500);

/** Accepts connections and never answers: a request the network swallows. */
async function blackHole(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

forEachDatabase('sync limits', { seedFile: path.resolve('supabase/seed.sql') }, (ctx) => {
  let user: TestUser;
  const devices: Device[] = [];
  let hole: Awaited<ReturnType<typeof blackHole>>;

  beforeAll(async () => {
    user = await signUpUser(ctx.server);
    hole = await blackHole();
  });
  afterAll(() => hole.close());
  afterEach(() => {
    for (const d of devices.splice(0)) closeDevice(d);
  });

  it('pushes 500 policies with the longest Hindi notes in several requests, none refused', async () => {
    const phone = await createDevice(ctx.server, user, 'phone');
    devices.push(phone);
    for (let i = 0; i < 500; i += 1) {
      await phone.repo.savePolicy(
        policy({ policy_number: `HI-${i}`, additional_details: HINDI_NOTES }),
      );
    }
    await phone.engine.flush();
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect(phone.engine.status.get().lastError).toBeUndefined();
    expect(phone.requests.push).toBeGreaterThan(1);
    const [row] = await ctx.server.query<{ count: string; notes: number }>(
      `select count(*)::text as count, min(char_length(additional_details)) as notes
         from public.policies where user_id = $1 and policy_number like 'HI-%'`,
      [user.id],
    );
    expect(row).toMatchObject({ count: '500', notes: 2000 });
  }, 120_000);

  it('gives up on a black-holed request after the timeout, then syncs once the server answers', async () => {
    let swallow = true;
    const client = createClient(ctx.server.url, ctx.server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: realtimeTransport },
      global: {
        fetch: (input, init) => {
          const url =
            typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const target =
            swallow && url.includes('/rest/v1/rpc/sync_')
              ? url.replace(ctx.server.url, hole.url)
              : url;
          return fetch(target, init);
        },
      },
    });
    const { error } = await client.auth.signInWithPassword(user);
    expect(error).toBeNull();
    const db = new TrackerDb(user.id, { indexedDB: new IDBFactory(), IDBKeyRange });
    // 1.5 s stands for the 20 s default: long enough for a real answer on a loaded machine.
    const engine = startSync({
      userId: user.id,
      db,
      getClient: () => Promise.resolve(client),
      autoStart: false,
      requestTimeoutMs: 1_500,
    });
    const repo = createTrackerRepo(db, user.id, {
      requestPersistentStorage: () => Promise.resolve(true),
    });
    try {
      const id = await repo.savePolicy(policy({ policy_number: 'BLACK-HOLE' }));
      const started = Date.now();
      await engine.flush();
      // Far below one default timeout: the flush gave up on its own timeout.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(engine.status.get()).toMatchObject({ pending: 1, failed: 0, syncing: false });
      expect(engine.status.get().lastError).toMatch(/did not answer/);

      // The same engine syncs once the server answers.
      swallow = false;
      await engine.flush();
      expect(engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
      expect(engine.status.get().lastError).toBeUndefined();
      const rows = await ctx.server.query('select 1 from public.policies where id = $1', [id]);
      expect(rows).toHaveLength(1);
    } finally {
      engine.stop();
      db.close();
    }
  });
});
