import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { WebSocket } from 'ws';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import type { RunningServer } from '../../server/index.ts';
import { postgresAdminUrl, withPostgresServer } from './postgres.ts';
import { startSyncHarness, type SyncHarness } from './sync-browser.ts';
import {
  BENCH_PASSWORD,
  HEALTH_TYPE,
  benchPolicy,
  openDevice,
  queueSaves,
  timeFlush,
  type Device,
  type FlushTiming,
} from './sync-device.ts';

/**
 * `BENCH_SYNC_DEVICES=chromium BENCH_SYNC_OPS=10000 BENCH_SYNC_PARTS=flush npm run bench -- sync`
 * measures one flush only (comparing before and after a change on a busy machine).
 */
function listFromEnv<T extends string>(name: string, allowed: readonly T[]): T[] {
  const chosen = process.env[name]?.split(',').map((value) => value.trim());
  return chosen ? allowed.filter((value) => chosen.includes(value)) : [...allowed];
}
const devices = listFromEnv('BENCH_SYNC_DEVICES', ['node', 'chromium'] as const);
const flushSizes = listFromEnv('BENCH_SYNC_OPS', ['1000', '10000'] as const).map(Number);
const parts = listFromEnv('BENCH_SYNC_PARTS', ['flush', 'pull', 'propagation'] as const);

/** startSync's default debounceMs: the delay from a local write to its push. */
const PUSH_DEBOUNCE_MS = 500;

export interface FlushFigure extends FlushTiming {
  database: 'pglite' | 'postgres';
  /** Where the device ran: Node with fake-indexeddb, or Chromium (the app's real figure). */
  device: 'node' | 'chromium';
  ops: number;
}

export interface PullFigure {
  policies: number;
  requests: number;
  seconds: number;
  /** Of which waiting for sync_pull answers (the server, loopback, the body). */
  waitSeconds: number;
}

export interface SyncReport {
  flushes: FlushFigure[];
  pulls: PullFigure[];
  /** Save on one device → shown by another, both online (ms per change). */
  propagationMs: number[];
}

async function newUser(api: RunningServer): Promise<{ email: string; id: string }> {
  const email = `bench-sync-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${api.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { email, id: user.id };
}

/**
 * A device in Node: fake-indexeddb stands in for the browser's IndexedDB (a JavaScript one,
 * far slower than Chromium's, so its flush times are an upper bound).
 */
function nodeDevice(
  api: RunningServer,
  user: { email: string; id: string },
  live = false,
): Promise<Device> {
  return openDevice({
    url: api.url,
    anonKey: api.anonKey,
    email: user.email,
    userId: user.id,
    indexedDB: { indexedDB: new IDBFactory(), IDBKeyRange },
    // Node 20 has no WebSocket.
    webSocket: WebSocket as unknown as WebSocketLikeConstructor,
    live,
  });
}

/** `ops` policies saved offline on a fresh device, then one flush. */
async function measureFlush(
  api: RunningServer,
  ops: number,
  database: FlushFigure['database'],
  harness: SyncHarness | undefined,
): Promise<FlushFigure> {
  const user = await newUser(api);
  if (harness) {
    const timing = await harness.flush(api, user, ops, database);
    return { database, device: 'chromium', ops, ...timing };
  }
  const phone = await nodeDevice(api, user);
  try {
    const queueSeconds = await queueSaves(phone, ops);
    return { database, device: 'node', ops, queueSeconds, ...(await timeFlush(phone)) };
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
  const laptop = await nodeDevice(api, reader);
  try {
    const started = performance.now();
    await laptop.flush();
    const seconds = (performance.now() - started) / 1000;
    const pulled = await laptop.db.policies.count();
    if (pulled !== policies) throw new Error(`pulled ${pulled} of ${policies} policies`);
    const waitSeconds = laptop.pullMs.total / 1000;
    return { policies, requests: laptop.requests.pull, seconds, waitSeconds };
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
  const phone = await nodeDevice(api, user, true);
  const laptop = await nodeDevice(api, user, true);
  const times: number[] = [];
  try {
    // Both joined their channel and finished the sync they start with.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (let i = 0; i < changes; i += 1) {
      const started = performance.now();
      const id = await phone.repo.savePolicy(benchPolicy(i));
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

/** The 1,000- and 10,000-op flushes on `api`, with the device in Node and in Chromium. */
async function measureFlushes(
  api: RunningServer,
  database: FlushFigure['database'],
  harness: SyncHarness | undefined,
): Promise<FlushFigure[]> {
  const figures: FlushFigure[] = [];
  for (const device of devices) {
    const where = device === 'chromium' ? harness : undefined;
    for (const ops of flushSizes) figures.push(await measureFlush(api, ops, database, where));
  }
  return figures;
}

/**
 * Flushes on the bench's PGlite API, and on PostgreSQL too when TEST_DATABASE_URL or
 * DATABASE_URL names a server where a throwaway database may be created.
 */
export async function measureSync(api: RunningServer): Promise<SyncReport> {
  const flushing = parts.includes('flush');
  const harness = flushing && devices.includes('chromium') ? await startSyncHarness() : undefined;
  const flushes: FlushFigure[] = [];
  try {
    if (flushing) flushes.push(...(await measureFlushes(api, 'pglite', harness)));
    const admin = postgresAdminUrl();
    if (flushing && admin) {
      const options = { port: 0, quiet: true, bcryptCost: 4, reminders: { intervalMs: 0 } };
      flushes.push(
        ...(await withPostgresServer(admin, options, (pgApi) =>
          measureFlushes(pgApi, 'postgres', harness),
        )),
      );
    }
  } finally {
    await harness?.close();
  }
  const pulls = parts.includes('pull')
    ? [await measurePull(api, 5000), await measurePull(api, 20_000)]
    : [];
  const propagationMs = parts.includes('propagation') ? await measurePropagation(api, 30) : [];
  return { flushes, pulls, propagationMs };
}
