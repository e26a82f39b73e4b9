import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { WebSocket } from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import type { RunningServer } from '../../server/index.ts';
import { TrackerDb } from '../../src/db/tracker-db.ts';
import { createTrackerRepo } from '../../src/sync/repo.ts';
import { startSync } from '../../src/sync/engine.ts';

const HEALTH_TYPE = '6f1a0c2e-0000-4000-8000-000000000002';
const PASSWORD = 'bench-password-1';

export interface SyncReport {
  flushOps: number;
  flushRequests: number;
  flushSeconds: number;
  pullPolicies: number;
  pullRequests: number;
  pullSeconds: number;
}

interface Device {
  db: TrackerDb;
  requests: { push: number; pull: number };
  flush: () => Promise<void>;
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
async function device(api: RunningServer, user: { email: string; id: string }): Promise<Device> {
  const client: SupabaseClient = createClient(api.url, api.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket and sync never uses realtime.
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
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
  });
  return {
    db,
    requests,
    flush: () => engine.flush(),
    close: () => {
      engine.stop();
      db.close();
    },
  };
}

export async function measureSync(api: RunningServer): Promise<SyncReport> {
  const writer = await newUser(api);
  const phone = await device(api, writer);
  const repo = createTrackerRepo(phone.db, writer.id, {
    requestPersistentStorage: () => Promise.resolve(true),
  });
  const ops = 1000;
  try {
    for (let i = 0; i < ops; i += 1) {
      await repo.savePolicy({
        policy_type_id: HEALTH_TYPE,
        insurer_name: `Insurer ${i}`,
        policy_number: `Q-${i}`,
        product_name: null,
        start_date: '2024-01-01',
        next_renewal_date: '2025-01-01',
        renewal_frequency: 'yearly',
        sum_insured: 100000,
        premium_amount: 1000 + i,
        additional_details: null,
        members: [],
      });
    }
    const queued = await phone.db.outbox.count();
    if (queued !== ops) throw new Error(`expected ${ops} queued ops, found ${queued}`);
  } catch (error) {
    phone.close();
    throw error;
  }
  let started = performance.now();
  await phone.flush();
  const flushSeconds = (performance.now() - started) / 1000;
  const left = await phone.db.outbox.count();
  phone.close();
  if (left !== 0) throw new Error(`${left} ops still queued after the flush`);

  const reader = await newUser(api);
  const policies = 5000;
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
    started = performance.now();
    await laptop.flush();
    const pullSeconds = (performance.now() - started) / 1000;
    const pulled = await laptop.db.policies.count();
    if (pulled !== policies) throw new Error(`pulled ${pulled} of ${policies} policies`);
    return {
      flushOps: ops,
      flushRequests: phone.requests.push,
      flushSeconds,
      pullPolicies: policies,
      pullRequests: laptop.requests.pull,
      pullSeconds,
    };
  } finally {
    laptop.close();
  }
}
