// The app's own store, repo and sync engine as one device of a user, for the sync bench. The
// same module runs in Node (sync.ts, with fake-indexeddb) and in Chromium (sync-harness/, with
// the browser's IndexedDB), so both flush figures come from the same code: nothing here may
// import a Node module.
import type { DexieOptions } from 'dexie';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { TrackerDb } from '../../src/db/tracker-db.ts';
import { createTrackerRepo, type TrackerRepo } from '../../src/sync/repo.ts';
import { startSync } from '../../src/sync/engine.ts';

export const HEALTH_TYPE = '6f1a0c2e-0000-4000-8000-000000000002';
export const BENCH_PASSWORD = 'bench-password-1';

export interface DeviceOptions {
  /** The API (VITE_SUPABASE_URL) and its anon key. */
  url: string;
  anonKey: string;
  email: string;
  userId: string;
  /** Another IndexedDB than the environment's own (fake-indexeddb in Node). */
  indexedDB?: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;
  /** Realtime's socket where the environment has none (Node 20). */
  webSocket?: WebSocketLikeConstructor;
  /**
   * The engine runs itself as in the app (debounced push, Realtime pokes); the poll is pushed
   * out of the way so only the pokes can explain a fast arrival.
   */
  live?: boolean;
}

export interface Device {
  db: TrackerDb;
  requests: { push: number; pull: number };
  /** Milliseconds spent waiting for sync_push answers. */
  pushMs: { total: number };
  /** Milliseconds spent waiting for sync_pull answers. */
  pullMs: { total: number };
  flush: () => Promise<void>;
  repo: TrackerRepo;
  close: () => void;
}

export interface FlushTiming {
  /** sync_push requests. */
  requests: number;
  /** sync_pull requests of the pull that follows. */
  pullRequests: number;
  seconds: number;
  /** Of which waiting for sync_push answers (the server, loopback, the body): the rest is the device's. */
  pushSeconds: number;
  /** Of which waiting for the answers of the pull that follows (the device's part is the rest). */
  pullSeconds: number;
  /** Saving the ops through the repo beforehand: not part of the figure. */
  queueSeconds: number;
  /** IndexedDB requests the flush made, in Chromium (each a round trip to the browser process). */
  idbRequests?: number;
  /** The same by store (or store[index]) and method, most first. */
  idbRequestsByKind?: Record<string, number>;
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** A signed-in device of the user with an empty store. */
export async function openDevice(options: DeviceOptions): Promise<Device> {
  const pushMs = { total: 0 };
  const pullMs = { total: 0 };
  const client: SupabaseClient = createClient(options.url, options.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(options.webSocket ? { realtime: { transport: options.webSocket } } : {}),
    global: {
      // Times each sync_push and sync_pull from sending to its body read, to split a
      // flush's time between the server and the device.
      fetch: async (input, init) => {
        const url = urlOf(input);
        const waited = url.includes('/rpc/sync_push')
          ? pushMs
          : url.includes('/rpc/sync_pull')
            ? pullMs
            : undefined;
        if (!waited) return fetch(input, init);
        const started = performance.now();
        const response = await fetch(input, init);
        const body = await response.arrayBuffer();
        waited.total += performance.now() - started;
        return new Response(body, response);
      },
    },
  });
  const { error } = await client.auth.signInWithPassword({
    email: options.email,
    password: BENCH_PASSWORD,
  });
  if (error) throw new Error(`sign in failed: ${error.message}`);
  const db = new TrackerDb(options.userId, options.indexedDB);
  const requests = { push: 0, pull: 0 };
  const live = options.live ?? false;
  const engine = startSync({
    userId: options.userId,
    db,
    getClient: () => Promise.resolve(client),
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
    pullMs,
    flush: () => engine.flush(),
    repo: createTrackerRepo(db, options.userId, {
      requestPersistentStorage: () => Promise.resolve(true),
    }),
    close: () => {
      engine.stop();
      void client.realtime.disconnect();
      db.close();
    },
  };
}

export function benchPolicy(i: number) {
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

/**
 * `ops` policies saved one by one through the repo, as a person offline saves them (not part of
 * the figure); returns the seconds it took.
 */
export async function queueSaves(device: Device, ops: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ops; i += 1) await device.repo.savePolicy(benchPolicy(i));
  const queued = await device.db.outbox.count();
  if (queued !== ops) throw new Error(`expected ${ops} queued ops, found ${queued}`);
  return (performance.now() - started) / 1000;
}

/** One flush of everything queued: push and the pull that follows, as the app does. */
export async function timeFlush(device: Device): Promise<Omit<FlushTiming, 'queueSeconds'>> {
  const queued = await device.db.outbox.count();
  const stored = await device.db.policies.count();
  const pushedBefore = device.requests.push;
  const pulledRequestsBefore = device.requests.pull;
  const waitedBefore = device.pushMs.total;
  const pulledBefore = device.pullMs.total;
  const started = performance.now();
  await device.flush();
  const seconds = (performance.now() - started) / 1000;
  const left = await device.db.outbox.count();
  if (left !== 0) throw new Error(`${left} of ${queued} ops still queued after the flush`);
  const after = await device.db.policies.count();
  if (after !== stored) throw new Error(`${stored} policies before the flush, ${after} after`);
  return {
    requests: device.requests.push - pushedBefore,
    pullRequests: device.requests.pull - pulledRequestsBefore,
    seconds,
    pushSeconds: (device.pushMs.total - waitedBefore) / 1000,
    pullSeconds: (device.pullMs.total - pulledBefore) / 1000,
  };
}
