import crypto from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../../../server/index.ts';
import { realtimeTransport } from '../../helpers/server';
import { TrackerDb } from '../../../src/db/tracker-db';
import { createTrackerRepo, type SavePolicyInput, type TrackerRepo } from '../../../src/sync/repo';
import { startSync, type SyncEngine } from '../../../src/sync/engine';

/** The faults the injecting fetch can play on one sync request. */
/** The seeded global Health type. */
export const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/** A policy as the form saves it, with the given fields changed. */
export function policyInput(fields: Partial<SavePolicyInput> = {}): SavePolicyInput {
  return {
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    product_name: 'Family Optima',
    start_date: '2024-01-31',
    next_renewal_date: '2025-01-31',
    renewal_frequency: 'yearly',
    sum_insured: 500000,
    premium_amount: 15000,
    additional_details: null,
    members: [],
    ...fields,
  };
}

export type Fault =
  'ok' | 'drop' | 'lose' | 'duplicate' | 'error5xx' | 'expired' | 'delay' | 'cut' | 'hang';

export interface FaultStats {
  requests: number;
  byFault: Record<Fault, number>;
}

/** Small seeded PRNG (mulberry32): a failing run is reproduced from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function expiredToken(server: RunningServer, userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(server.jwtSecret));
}

/** Resolves after `ms`, or rejects as fetch does when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = ms === Infinity ? undefined : setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('This operation was aborted', 'AbortError'));
    });
  });
}

/**
 * A fetch for supabase-js that plays faults on the sync RPCs only (auth requests pass):
 * drop (never sent), lose (the server commits, the answer is lost), duplicate (delivered
 * twice at once), 5xx, an expired access token (the server's real 401), delay (the answer
 * comes late, so requests overtake each other), cut (the connection drops a moment after
 * the request left: the server may or may not have committed) and hang (no answer ever:
 * only the engine's request timeout ends it).
 */
export function injectingFetch(
  server: RunningServer,
  userId: () => string,
  choose: () => Fault,
  stats: FaultStats,
  random: () => number = Math.random,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/rest/v1/rpc/sync_')) return fetch(input, init);
    stats.requests += 1;
    const fault = choose();
    stats.byFault[fault] += 1;
    switch (fault) {
      case 'ok':
        return fetch(input, init);
      case 'drop':
        throw new TypeError('fetch failed');
      case 'lose': {
        const res = await fetch(input, init);
        await res.text();
        throw new TypeError('fetch failed');
      }
      case 'duplicate': {
        const [first, second] = await Promise.all([fetch(input, init), fetch(input, init)]);
        await first.text();
        return second;
      }
      case 'error5xx':
        return new Response(JSON.stringify({ message: 'Service Unavailable' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      case 'expired': {
        const headers = new Headers(init?.headers);
        headers.set('authorization', `Bearer ${await expiredToken(server, userId())}`);
        return fetch(input, { ...init, headers });
      }
      case 'delay': {
        const res = await fetch(input, init);
        await wait(5 + Math.floor(random() * 30), init?.signal);
        return res;
      }
      case 'cut': {
        const controller = new AbortController();
        const pending = fetch(input, { ...init, signal: controller.signal });
        setTimeout(() => controller.abort(), Math.floor(random() * 4));
        try {
          await (await pending).text();
        } catch {
          // the cut landed before the answer
        }
        throw new TypeError('fetch failed');
      }
      case 'hang':
        await wait(Infinity, init?.signal);
        throw new TypeError('fetch failed');
    }
  };
}

export function emptyStats(): FaultStats {
  return {
    requests: 0,
    byFault: {
      ok: 0,
      drop: 0,
      lose: 0,
      duplicate: 0,
      error5xx: 0,
      expired: 0,
      delay: 0,
      cut: 0,
      hang: 0,
    },
  };
}

export interface TestUser {
  email: string;
  password: string;
  id: string;
}

export async function signUpUser(server: RunningServer): Promise<TestUser> {
  const client = plainClient(server);
  const email = `sync-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const password = 'secret1';
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(`sign up failed: ${error?.message}`);
  return { email, password, id: data.user.id };
}

function plainClient(server: RunningServer, fetchImpl?: typeof fetch): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: realtimeTransport },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
}

export interface Device {
  name: string;
  user: TestUser;
  db: TrackerDb;
  repo: TrackerRepo;
  engine: SyncEngine;
  client: SupabaseClient;
  stats: FaultStats;
  requests: { push: number; pull: number };
  /** What the next sync request meets; 'ok' unless a test sets a chooser. */
  setFaults(choose: () => Fault): void;
}

/**
 * One device of a user: its own IndexedDB (a separate fake-indexeddb factory, as a second
 * phone would have), its own signed-in supabase-js client over the injecting fetch, and a
 * sync engine driven by flush() only.
 */
export async function createDevice(
  server: RunningServer,
  user: TestUser,
  name: string,
  options: {
    batchSize?: number;
    pullPageSize?: number;
    /** Let the engine run itself (timers, Realtime pokes) instead of flush() only. */
    autoStart?: boolean;
    intervalMs?: number;
    requestTimeoutMs?: number;
    /** Seeds the faults' timing and the engine's backoff jitter. */
    random?: () => number;
  } = {},
): Promise<Device> {
  let choose: () => Fault = () => 'ok';
  const stats = emptyStats();
  const client = plainClient(
    server,
    injectingFetch(
      server,
      () => user.id,
      () => choose(),
      stats,
      options.random,
    ),
  );
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(`sign in failed: ${error.message}`);
  const db = new TrackerDb(user.id, { indexedDB: new IDBFactory(), IDBKeyRange });
  const requests = { push: 0, pull: 0 };
  const engine = startSync({
    userId: user.id,
    db,
    getClient: () => Promise.resolve(client),
    autoStart: false,
    onRequest: (kind) => {
      requests[kind] += 1;
    },
    ...options,
  });
  const repo = createTrackerRepo(db, user.id, {
    requestPersistentStorage: () => Promise.resolve(true),
  });
  return {
    name,
    user,
    db,
    repo,
    engine,
    client,
    stats,
    requests,
    setFaults(next) {
      choose = next;
    },
  };
}

/** Flushes until nothing is waiting (or gives up after `max` rounds, which fails the test). */
export async function flushUntilIdle(device: Device, max = 50): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await device.engine.flush();
    const waiting = await device.db.outbox.where('status').equals('pending').count();
    if (waiting === 0 && device.engine.status.get().lastError === undefined) return;
  }
  throw new Error(
    `${device.name}: outbox not empty after ${max} flushes: ${device.engine.status.get().lastError}`,
  );
}

export function closeDevice(device: Device): void {
  device.engine.stop();
  void device.client.realtime.disconnect();
  device.db.close();
}
