import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { WebSocket } from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import type { RunningServer } from '../../server/index.ts';
import { TrackerDb } from '../../src/db/tracker-db.ts';
import { createTrackerRepo, type TrackerRepo } from '../../src/sync/repo.ts';
import { startSync } from '../../src/sync/engine.ts';
import { postgresAdminUrl, withPostgresServer } from './postgres.ts';

const HEALTH_TYPE = '6f1a0c2e-0000-4000-8000-000000000002';
const PASSWORD = 'bench-password-1';
/** startSync's default debounceMs: the delay from a local write to its push. */
const PUSH_DEBOUNCE_MS = 500;

export interface FlushFigure {
  database: 'pglite' | 'postgres';
  ops: number;
  requests: number;
  seconds: number;
  /** Of which waiting for sync_push answers (the server, loopback, the body): the rest is the device's. */
  pushSeconds: number;
}

export interface PullFigure {
  policies: number;
  requests: number;
  seconds: number;
}

export interface SyncReport {
  flushes: FlushFigure[];
  pulls: PullFigure[];
  /** Save on one device → shown by another, both online (ms per change). */
  propagationMs: number[];
}

interface Device {
  db: TrackerDb;
  requests: { push: number; pull: number };
  /** Milliseconds spent waiting for sync_push answers. */
  pushMs: { total: number };
  flush: () => Promise<void>;
  repo: TrackerRepo;
  close: () => void;
}

async function newUser(api: RunningServer): Promise<{ email: string; id: string }> {
  const email = `bench-sync-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${api.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { email, id: user.id };
}

/**
 * The app's own store, repo and sync engine in node: a signed-in supabase-js client and
 * fake-indexeddb standing in for the browser's IndexedDB (slower than a browser's, so these
 * times are an upper bound).
 */
async function device(
  api: RunningServer,
  user: { email: string; id: string },
  live = false,
): Promise<Device> {
  const pushMs = { total: 0 };
  const client: SupabaseClient = createClient(api.url, api.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket and sync never uses realtime.
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
    global: {
      // Times each sync_push from sending to its body read, to split a flush's time.
      fetch: async (input, init) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('/rpc/sync_push')) return fetch(input, init);
        const started = performance.now();
        const response = await fetch(input, init);
        const body = await response.arrayBuffer();
        pushMs.total += performance.now() - started;
        return new Response(body, response);
      },
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  if (error) throw new Error(`sign in failed: ${error.message}`);
  const db = new TrackerDb(user.id, { indexedDB: new IDBFactory(), IDBKeyRange });
  const requests = { push: 0, pull: 0 };
  const engine = startSync({
    userId: user.id,
    db,
    getClient: () => Promise.resolve(client),
    // Live: the engine runs itself as in the app (debounced push, Realtime pokes); the poll
    // is pushed out of the way so only the pokes can explain a fast arrival.
    autoStart: live,
    ...(live ? { intervalMs: 3_600_000 } : {}),
    onRequest: (kind) => {
      requests[kind] += 1;
    },
  });
  return {
    db,
    requests,
    pushMs,
    flush: () => engine.flush(),
    repo: createTrackerRepo(db, user.id, {
      requestPersistentStorage: () => Promise.resolve(true),
    }),
    close: () => {
      engine.stop();
      void client.realtime.disconnect();
      db.close();
    },
  };
}

function policy(i: number) {
  return {
    policy_type_id: HEALTH_TYPE,
    insurer_name: `Insurer ${i}`,
    policy_number: `Q-${i}`,
    product_name: null,
    start_date: '2024-01-01',
    next_renewal_date: '2025-01-01',
    renewal_frequency: 'yearly' as const,
    sum_insured: 100000,
    premium_amount: 1000 + i,
    additional_details: null,
    members: [],
  };
}

/** `ops` policies saved offline on a fresh device, then one flush. */
async function measureFlush(
  api: RunningServer,
  ops: number,
  database: FlushFigure['database'],
): Promise<FlushFigure> {
  const phone = await device(api, await newUser(api));
  try {
    for (let i = 0; i < ops; i += 1) await phone.repo.savePolicy(policy(i));
    const queued = await phone.db.outbox.count();
    if (queued !== ops) throw new Error(`expected ${ops} queued ops, found ${queued}`);
    const started = performance.now();
    await phone.flush();
    const seconds = (performance.now() - started) / 1000;
    const left = await phone.db.outbox.count();
    if (left !== 0) throw new Error(`${left} ops still queued after the flush`);
    return {
      database,
      ops,
      requests: phone.requests.push,
      seconds,
      pushSeconds: phone.pushMs.total / 1000,
    };
  } finally {
    phone.close();
  }
}

/** A new device's first sync of an account with `policies` policies. */
async function measurePull(api: RunningServer, policies: number): Promise<PullFigure> {
  const reader = await newUser(api);
  await api.query(
    `insert into public.policies (user_id, policy_type_id, insurer_name, policy_number,
       start_date, next_renewal_date, renewal_frequency, sum_insured, premium_amount)
     select $1::uuid, $2::uuid, 'Insurer ' || g, 'BULK-' || g, date '2024-01-01',
            date '2025-01-01' + (g % 365), 'yearly', 100000, 1000 + g
       from generate_series(1, ${policies}) g`,
    [reader.id, HEALTH_TYPE],
  );
  const laptop = await device(api, reader);
  try {
    const started = performance.now();
    await laptop.flush();
    const seconds = (performance.now() - started) / 1000;
    const pulled = await laptop.db.policies.count();
    if (pulled !== policies) throw new Error(`pulled ${pulled} of ${policies} policies`);
    return { policies, requests: laptop.requests.pull, seconds };
  } finally {
    laptop.close();
  }
}

/**
 * Two devices of one user running as in the app: a policy saved on one, timed until the
 * other's store holds it (through the debounced push, the database's poke, the Realtime
 * socket and the pull).
 */
async function measurePropagation(api: RunningServer, changes: number): Promise<number[]> {
  const user = await newUser(api);
  const phone = await device(api, user, true);
  const laptop = await device(api, user, true);
  const times: number[] = [];
  try {
    // Both joined their channel and finished the sync they start with.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (let i = 0; i < changes; i += 1) {
      const started = performance.now();
      const id = await phone.repo.savePolicy(policy(i));
      // The app's engine pushes 500 ms after a write (its debounce, triggered by a Dexie
      // liveQuery that fake-indexeddb does not drive in Node), so the sender does the same here.
      await new Promise((resolve) => setTimeout(resolve, PUSH_DEBOUNCE_MS));
      await phone.flush();
      while (!(await laptop.db.policies.get(id))) {
        if (performance.now() - started > 30_000) throw new Error('a change never arrived');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - started);
      // Changes a moment apart, as a person makes them.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return times;
  } finally {
    phone.close();
    laptop.close();
  }
}

/**
 * Flushes on the bench's PGlite API, and on PostgreSQL too when TEST_DATABASE_URL or
 * DATABASE_URL names a server where a throwaway database may be created.
 */
export async function measureSync(api: RunningServer): Promise<SyncReport> {
  const flushes = [
    await measureFlush(api, 1000, 'pglite'),
    await measureFlush(api, 10_000, 'pglite'),
  ];
  const admin = postgresAdminUrl();
  if (admin) {
    const options = { port: 0, quiet: true, bcryptCost: 4, reminders: { intervalMs: 0 } };
    flushes.push(
      ...(await withPostgresServer(admin, options, async (pgApi) => [
        await measureFlush(pgApi, 1000, 'postgres'),
        await measureFlush(pgApi, 10_000, 'postgres'),
      ])),
    );
  }
  const pulls = [await measurePull(api, 5000), await measurePull(api, 20_000)];
  const propagationMs = await measurePropagation(api, 30);
  return { flushes, pulls, propagationMs };
}
