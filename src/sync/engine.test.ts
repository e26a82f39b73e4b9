import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { TrackerDb, deleteTrackerDb, openTrackerDb } from '@/db/tracker-db';
import { backoffDelay, startSync, type SyncEngine } from './engine';
import { createTrackerRepo } from './repo';

const HEALTH = '00000000-0000-4000-8000-000000000001';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface FakeServer {
  client: SupabaseClient;
  pushes: number;
  /** Answers the next pushes with this HTTP status instead of applying them. */
  failNext: number[];
  /** The next this many requests are swallowed: no answer, ever, unless the caller aborts. */
  hangNext: number;
  /** Like the local server: a push body over this many UTF-8 bytes is answered 413. */
  bodyLimit: number;
  /** Ops per push request, in order. */
  batches: number[];
  pulls: number;
  /** Private Realtime channels joined, by topic. */
  channels: string[];
  /** Another device's change: the database's broadcast on the joined channels. */
  poke(): void;
}

/** Just enough of supabase-js for the engine: a session and the two RPCs. */
function fakeServer(db: TrackerDb, userId: string): FakeServer {
  let seq = 0;
  const server: FakeServer = {
    pushes: 0,
    failNext: [],
    hangNext: 0,
    bodyLimit: Infinity,
    batches: [],
    pulls: 0,
    channels: [],
    poke: () => undefined,
    client: undefined as unknown as SupabaseClient,
  };
  const listeners: (() => void)[] = [];
  server.poke = () => listeners.forEach((listener) => listener());
  const realtimeChannel = (topic: string, opts: { config: { private: boolean } }) => {
    const channel = {
      on(_type: 'broadcast', filter: { event: string }, listener: () => void) {
        if (filter.event === 'changed') listeners.push(listener);
        return channel;
      },
      subscribe(callback: (status: string) => void) {
        if (opts.config.private) server.channels.push(topic);
        callback('SUBSCRIBED');
        return channel;
      },
    };
    return channel;
  };
  const answer = async (
    name: string,
    args: { ops?: { op_id: string; row?: { id?: string } }[] },
  ) => {
    if (new TextEncoder().encode(JSON.stringify(args)).length > server.bodyLimit) {
      server.pushes += 1;
      return { data: null, error: { message: 'Payload Too Large', code: 'PGRST413' }, status: 413 };
    }
    if (name === 'sync_pull') {
      server.pulls += 1;
      return {
        data: { changes: [], cursor: seq, has_more: false, global_policy_types: [] },
        error: null,
        status: 200,
      };
    }
    server.pushes += 1;
    server.batches.push(args.ops?.length ?? 0);
    const status = server.failNext.shift();
    if (status) return { data: null, error: { message: 'unavailable', code: '' }, status };
    const results = [];
    for (const op of args.ops ?? []) {
      const local = op.row?.id ? await db.policies.get(op.row.id) : undefined;
      seq += 1;
      results.push({
        op_id: op.op_id,
        status: 'applied',
        code: null,
        message: null,
        row: local ? { ...local, server_seq: seq } : null,
      });
    }
    return { data: results, error: null, status: 200 };
  };
  // Like supabase-js's builder: awaitable as is, or with an abort signal; an aborted request
  // is answered with status 0 and an AbortError message.
  const rpc = (name: string, args: { ops?: { op_id: string; row?: { id?: string } }[] }) => ({
    then<T>(onFulfilled: (value: Awaited<ReturnType<typeof answer>>) => T) {
      if (server.hangNext > 0) {
        server.hangNext -= 1;
        return new Promise<T>(() => undefined);
      }
      return answer(name, args).then(onFulfilled);
    },
    abortSignal(signal: AbortSignal) {
      const aborted = new Promise<{ data: null; error: { message: string }; status: number }>(
        (resolve) =>
          signal.addEventListener('abort', () =>
            resolve({ data: null, error: { message: 'AbortError: aborted' }, status: 0 }),
          ),
      );
      if (server.hangNext > 0) {
        server.hangNext -= 1;
        return aborted;
      }
      return Promise.race([answer(name, args), aborted]);
    },
  });
  server.client = {
    rpc,
    realtime: { setAuth: () => Promise.resolve() },
    channel: realtimeChannel,
    removeChannel: () => Promise.resolve('ok'),
    auth: {
      getSession: () => Promise.resolve({ data: { session: { user: { id: userId } } } }),
    },
  } as unknown as SupabaseClient;
  return server;
}

async function setup(options: Partial<Parameters<typeof startSync>[0]> = {}) {
  const userId = crypto.randomUUID();
  const db = openTrackerDb(userId);
  const server = fakeServer(db, userId);
  const engine: SyncEngine = startSync({
    userId,
    db,
    getClient: () => Promise.resolve(server.client),
    debounceMs: 10,
    intervalMs: 3_600_000,
    backoff: { minMs: 20, maxMs: 40 },
    ...options,
  });
  cleanups.push(async () => {
    engine.stop();
    await deleteTrackerDb(userId);
  });
  const repo = createTrackerRepo(db, userId, {
    requestPersistentStorage: () => Promise.resolve(true),
  });
  return { db, engine, repo, server };
}

const policy = {
  policy_type_id: HEALTH,
  insurer_name: 'Star Health',
  policy_number: 'SH-1',
  product_name: null,
  start_date: '2024-01-01',
  next_renewal_date: '2025-01-01',
  renewal_frequency: 'yearly' as const,
  sum_insured: null,
  premium_amount: null,
  additional_details: null,
  members: [],
};

describe('sync engine triggers', () => {
  it('pushes shortly after a local write and reports it in the status store', async () => {
    const { db, engine, repo, server } = await setup();
    // The sync the engine starts with is over, so the write below is what starts the next
    // (that one could otherwise take the new op along before the store counted it).
    await vi.waitFor(() => expect(engine.status.get().lastSyncedAt).toBeDefined());
    const startup = engine.status.get().lastSyncedAt;
    const seen: number[] = [];
    engine.status.subscribe(() => seen.push(engine.status.get().pending));
    const id = await repo.savePolicy(policy);
    await vi.waitFor(() => expect(server.pushes).toBeGreaterThan(0));
    await vi.waitFor(() => expect(engine.status.get()).toMatchObject({ pending: 0 }));
    expect(seen).toContain(1);
    expect((await db.policies.get(id))?.server_seq).toBeGreaterThan(0);
    await vi.waitFor(() => expect(engine.status.get().lastSyncedAt).not.toBe(startup));
  });

  it('keeps what the server answered when the next batch of the same flush fails', async () => {
    const { db, engine, repo, server } = await setup({ autoStart: false, batchSize: 1 });
    const first = await repo.savePolicy({ ...policy, policy_number: 'FIRST' });
    const second = await repo.savePolicy({ ...policy, policy_number: 'SECOND' });
    // The first push is answered; the second, sent while that answer is stored, fails.
    server.failNext.push(0, 503);
    await engine.flush();
    expect(server.batches).toEqual([1, 1]);
    expect(engine.status.get()).toMatchObject({ pending: 1, failed: 0 });
    expect((await db.policies.get(first))?.server_seq).toBeGreaterThan(0);
    expect((await db.policies.get(second))?.server_seq).toBe(0);
    expect((await db.outbox.toArray()).map((op) => op.record_id)).toEqual([second]);
  });

  it('retries after a 5xx on its own, with backoff', async () => {
    const { engine, repo, server } = await setup();
    server.failNext.push(503, 503);
    await repo.savePolicy(policy);
    await vi.waitFor(() => expect(server.pushes).toBe(3), { timeout: 2000 });
    await vi.waitFor(() => expect(engine.status.get()).toMatchObject({ pending: 0 }));
    await vi.waitFor(() => expect(engine.status.get().lastError).toBeUndefined());
  });

  it("pulls moments after another device's change is poked, once for a burst", async () => {
    const { engine, server } = await setup({ pokeDelayMs: 20 });
    await vi.waitFor(() => expect(engine.status.get().lastSyncedAt).toBeDefined());
    await vi.waitFor(() => expect(server.channels).toHaveLength(1));
    expect(server.channels[0]).toMatch(/^sync:/);
    // Joining pulls once; wait until that is done.
    await vi.waitFor(() => expect(engine.status.get().syncing).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const before = server.pulls;
    for (let i = 0; i < 5; i += 1) server.poke();
    await vi.waitFor(() => expect(server.pulls).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(server.pulls).toBe(before + 1);
  });

  it('follows the browser going offline and flushes when it comes back', async () => {
    const { engine, server } = await setup();
    await vi.waitFor(() => expect(engine.status.get().lastSyncedAt).toBeDefined());
    window.dispatchEvent(new Event('offline'));
    expect(engine.status.get().online).toBe(false);
    const before = engine.status.get().lastSyncedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    window.dispatchEvent(new Event('online'));
    expect(engine.status.get().online).toBe(true);
    await vi.waitFor(() => expect(engine.status.get().lastSyncedAt).not.toBe(before));
    expect(server.pushes).toBe(0);
  });

  it('stop() ends the triggers', async () => {
    const { engine, repo, server } = await setup({ debounceMs: 30 });
    engine.stop();
    await repo.savePolicy(policy);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(server.pushes).toBe(0);
  });
});

describe('sync requests that never come back', () => {
  it('gives up on a swallowed request after the timeout and retries with backoff', async () => {
    const { db, engine, repo, server } = await setup({ requestTimeoutMs: 50 });
    const errors: string[] = [];
    engine.status.subscribe(() => {
      const { lastError } = engine.status.get();
      if (lastError) errors.push(lastError);
    });
    server.hangNext = 1;
    const id = await repo.savePolicy(policy);
    await vi.waitFor(() => expect(errors[0]).toMatch(/did not answer within 1 seconds/), {
      timeout: 1000,
    });
    await vi.waitFor(
      async () => expect((await db.policies.get(id))?.server_seq).toBeGreaterThan(0),
      {
        timeout: 1000,
      },
    );
    await vi.waitFor(() => expect(engine.status.get().lastError).toBeUndefined());
  });
});

describe('ops handed to the network', () => {
  it('are never merged into by a later edit, also when the answer is lost and the app reloads', async () => {
    const { db, engine, repo, server } = await setup({ autoStart: false, requestTimeoutMs: 50 });
    const id = await repo.savePolicy(policy);
    // The create goes out and its answer never comes; the app is then closed and opened again.
    server.hangNext = 1;
    await engine.flush();
    expect(engine.status.get().lastError).toMatch(/did not answer/);
    db.close();
    const reopened = new TrackerDb(db.userId);
    cleanups.unshift(() => Promise.resolve(reopened.close()));
    const again = createTrackerRepo(reopened, db.userId, {
      requestPersistentStorage: () => Promise.resolve(true),
    });
    await again.savePolicy({ ...policy, id, premium_amount: 12000 });
    // The server may hold the create already and would answer it as a duplicate: the edit
    // must be an op of its own, or it would be lost.
    const ops = await reopened.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.row.premium_amount)).toEqual([null, 12000]);
  });
});

describe('oversized pushes', () => {
  const longNotes = 'नोट '.repeat(500);

  async function queue(repo: Awaited<ReturnType<typeof setup>>['repo'], count: number) {
    for (let i = 0; i < count; i += 1) {
      await repo.savePolicy({ ...policy, policy_number: `P-${i}`, additional_details: longNotes });
    }
  }

  it('keeps each request under the byte budget, so a big outbox goes in several requests', async () => {
    const { db, engine, repo, server } = await setup({ autoStart: false, maxBatchBytes: 20_000 });
    server.bodyLimit = 24_000;
    await queue(repo, 20);
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
    expect(engine.status.get().lastError).toBeUndefined();
    expect(server.batches.length).toBeGreaterThan(1);
    expect(server.batches.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('splits a batch the server refuses as too large, instead of resending it forever', async () => {
    const { db, engine, repo, server } = await setup({ autoStart: false });
    server.bodyLimit = 24_000;
    await queue(repo, 20);
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
    expect(engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect(engine.status.get().lastError).toBeUndefined();
  });

  it('fails a single change too large to ever pass, visibly, and sends the rest', async () => {
    const { db, engine, repo, server } = await setup({ autoStart: false });
    server.bodyLimit = 4_000;
    const big = await repo.savePolicy({
      ...policy,
      policy_number: 'BIG',
      additional_details: longNotes,
    });
    const small = await repo.savePolicy({ ...policy, policy_number: 'SMALL' });
    await engine.flush();
    expect(engine.status.get()).toMatchObject({ pending: 0, failed: 1 });
    const [failed] = await db.outbox.where('status').equals('failed').toArray();
    expect(failed?.record_id).toBe(big);
    // Said in the user's language when shown, with the size it had.
    expect(failed?.last_error).toEqual({
      id: 'tracker.sync.reason.tooLarge',
      values: { kb: expect.any(Number) as number },
    });
    expect((await db.policies.get(small))?.server_seq).toBeGreaterThan(0);
  });
});

describe('backoffDelay', () => {
  it('doubles from the minimum up to the maximum, jittered within the upper half', () => {
    const range = { minMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(1, range, () => 0)).toBe(500);
    expect(backoffDelay(1, range, () => 1)).toBe(1000);
    expect(backoffDelay(3, range, () => 1)).toBe(4000);
    expect(backoffDelay(20, range, () => 1)).toBe(60_000);
    expect(backoffDelay(20, range, () => 0)).toBe(30_000);
  });
});
