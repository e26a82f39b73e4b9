import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { deleteTrackerDb, openTrackerDb, type TrackerDb } from '@/db/tracker-db';
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
}

/** Just enough of supabase-js for the engine: a session and the two RPCs. */
function fakeServer(db: TrackerDb, userId: string): FakeServer {
  let seq = 0;
  const server: FakeServer = {
    pushes: 0,
    failNext: [],
    client: undefined as unknown as SupabaseClient,
  };
  const rpc = async (name: string, args: { ops?: { op_id: string; row?: { id?: string } }[] }) => {
    if (name === 'sync_pull') {
      return {
        data: { changes: [], cursor: seq, has_more: false, global_policy_types: [] },
        error: null,
        status: 200,
      };
    }
    server.pushes += 1;
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
  server.client = {
    rpc,
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
    const seen: number[] = [];
    engine.status.subscribe(() => seen.push(engine.status.get().pending));
    const id = await repo.savePolicy(policy);
    await vi.waitFor(() => expect(server.pushes).toBeGreaterThan(0));
    await vi.waitFor(() => expect(engine.status.get()).toMatchObject({ pending: 0 }));
    expect(seen).toContain(1);
    expect((await db.policies.get(id))?.server_seq).toBeGreaterThan(0);
    await vi.waitFor(() => expect(engine.status.get().lastSyncedAt).toBeDefined());
  });

  it('retries after a 5xx on its own, with backoff', async () => {
    const { engine, repo, server } = await setup();
    server.failNext.push(503, 503);
    await repo.savePolicy(policy);
    await vi.waitFor(() => expect(server.pushes).toBe(3), { timeout: 2000 });
    await vi.waitFor(() => expect(engine.status.get()).toMatchObject({ pending: 0 }));
    await vi.waitFor(() => expect(engine.status.get().lastError).toBeUndefined());
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
