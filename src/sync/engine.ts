import type { SupabaseClient } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import { META_LAST_PULLED_AT, type OutboxEntry, type TrackerDb } from '@/db/tracker-db';
import { backoffDelay } from '@/domain/backoff';
import { resolvePersonNameClashes } from './clashes';
import { SyncRequestError, SyncSignedOutError } from './errors';
import { withSyncLock } from './lock';
import { createWakeTimer } from './wake-timer';
import { pullChanges, DEFAULT_PULL_PAGE } from './pull';
import { pushOutbox, DEFAULT_PUSH_BATCH, DEFAULT_PUSH_BYTES } from './push';
import { listenForPokes } from './realtime';
import { handedToNetwork, readClaimedThrough } from './rows';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './request';
import { createSyncStatusStore, type SyncStatusStore } from './status';

/**
 * The sync engine (design §5): one flusher at a time across tabs, started by the triggers
 * below, pushing the outbox through sync_push and pulling by server cursor through
 * sync_pull. It never throws at its callers; failures show in the status store and are
 * retried with backoff.
 */

export { backoffDelay };

export interface StartSyncOptions {
  userId: string;
  db: TrackerDb;
  getClient: () => Promise<SupabaseClient>;
  /** Ops per sync_push call (the RPC takes at most 1000). */
  batchSize?: number;
  /** UTF-8 bytes per sync_push body (the server takes at most 1 MiB). */
  maxBatchBytes?: number;
  /** A sync request not answered in this time is aborted and retried with backoff. */
  requestTimeoutMs?: number;
  /** Changes per sync_pull call (the RPC returns at most 5000). */
  pullPageSize?: number;
  /** Delay after a local write before flushing, so a burst of edits goes in one request. */
  debounceMs?: number;
  /** Periodic flush while the app is open: the fallback when Realtime pokes do not arrive. */
  intervalMs?: number;
  /** Listen for other devices' changes on Realtime (with autoStart; default true). */
  realtime?: boolean;
  /** Delay from a poke to the pull, so a burst of pokes makes one pull. */
  pokeDelayMs?: number;
  /** Retry delays after failed requests: min doubling up to max, with jitter. */
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
  now?: () => Date;
  /**
   * false: no timers, listeners or outbox observation; only flush() syncs. For tests and
   * for callers that drive sync themselves.
   */
  autoStart?: boolean;
  /** Called for each request made (measurements, tests). */
  onRequest?: (kind: 'push' | 'pull') => void;
}

export interface SyncEngine {
  /** Runs a full push and pull now (after one in progress); resolves when it is done. */
  flush(): Promise<void>;
  /** Stops timers and listeners; an in-flight request still completes. */
  stop(): void;
  status: SyncStatusStore;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * On a device that has never downloaded the user's data, what is missing locally may only be
 * "not pulled yet" (a policy opened by its id, the types and policies an import compares
 * with): when online, one sync runs before the screen reads.
 */
export async function syncIfNeverPulled(
  db: TrackerDb,
  sync: Pick<SyncEngine, 'flush'>,
): Promise<void> {
  const everPulled = (await db.meta.get(META_LAST_PULLED_AT)) !== undefined;
  if (everPulled || !browserOnline()) return;
  await sync.flush();
}

/**
 * The oldest op never handed to the network, if any. Ops above the claim mark are new ones
 * (or, stored before it existed, counted their sends themselves), so this reads one op in
 * the usual case.
 */
async function firstUnsent(db: TrackerDb): Promise<OutboxEntry | undefined> {
  const claimed = await readClaimedThrough(db);
  return db.outbox
    .where('seq')
    .above(claimed)
    .filter((op) => op.status === 'pending' && !handedToNetwork(op, claimed))
    .first();
}

export function startSync(options: StartSyncOptions): SyncEngine {
  const {
    userId,
    db,
    getClient,
    batchSize = DEFAULT_PUSH_BATCH,
    maxBatchBytes = DEFAULT_PUSH_BYTES,
    requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    pullPageSize = DEFAULT_PULL_PAGE,
    debounceMs = 500,
    intervalMs = 60_000,
    realtime = true,
    pokeDelayMs = 150,
    backoff = { minMs: 1_000, maxMs: 60_000 },
    random = Math.random,
    now = () => new Date(),
    autoStart = true,
    onRequest,
  } = options;

  const status = createSyncStatusStore({
    online: browserOnline(),
    pending: 0,
    failed: 0,
    syncing: false,
  });

  let stopped = false;
  let failures = 0;
  const timer = createWakeTimer(() => void flush());
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  const cleanups: (() => void)[] = [];

  async function ensureSession(client: SupabaseClient): Promise<void> {
    const { data, error } = await client.auth.getSession();
    // An expired session that cannot be refreshed for lack of network is not a sign-out.
    if (error && error.name === 'AuthRetryableFetchError') {
      throw new SyncRequestError('network', error.message);
    }
    // Pushing one account's outbox with another account's token would make the server
    // file the rows under the wrong owner.
    if (!data.session || data.session.user.id !== userId) throw new SyncSignedOutError();
  }

  async function withAuthRetry<T>(client: SupabaseClient, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof SyncRequestError) || error.kind !== 'auth') throw error;
      const { data, error: refreshError } = await client.auth.refreshSession();
      if (refreshError || !data.session) {
        // A refresh that failed for lack of network is not a reason to ask for a sign-in.
        if (refreshError && refreshError.name === 'AuthRetryableFetchError') {
          throw new SyncRequestError('network', refreshError.message);
        }
        throw new SyncSignedOutError();
      }
      if (data.session.user.id !== userId) throw new SyncSignedOutError();
      return run();
    }
  }

  async function pushAndPull(client: SupabaseClient): Promise<void> {
    const pushed = await withAuthRetry(client, () =>
      pushOutbox(db, client, {
        batchSize,
        maxBatchBytes,
        timeoutMs: requestTimeoutMs,
        onRequest: () => onRequest?.('push'),
      }),
    );
    await withAuthRetry(client, () =>
      pullChanges(db, client, userId, {
        pageSize: pullPageSize,
        stored: pushed.stored,
        now,
        timeoutMs: requestTimeoutMs,
        onRequest: () => onRequest?.('pull'),
      }),
    );
  }

  async function syncOnce(): Promise<void> {
    const client = await getClient();
    await ensureSession(client);
    await pushAndPull(client);
    if ((await resolvePersonNameClashes(db)) > 0) await pushAndPull(client);
  }

  function schedule(delayMs: number): void {
    if (stopped || !autoStart) return;
    timer.schedule(delayMs);
  }

  async function run(): Promise<void> {
    if (stopped) return;
    status.update({ syncing: true });
    try {
      await withSyncLock(`bimaguide-sync-${userId}`, syncOnce);
      failures = 0;
      status.update({
        syncing: false,
        online: true,
        lastSyncedAt: now().toISOString(),
        lastError: undefined,
        needsSignIn: undefined,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof SyncSignedOutError) {
        status.update({ syncing: false, lastError: message, needsSignIn: true });
        return;
      }
      failures += 1;
      const offline = error instanceof SyncRequestError && error.kind === 'network';
      status.update({
        syncing: false,
        lastError: message,
        ...(offline ? { online: false } : {}),
      });
      schedule(backoffDelay(failures, backoff, random));
    }
  }

  function flush(): Promise<void> {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = undefined;
      return run();
    });
    queued = next;
    chain = next.catch(() => undefined);
    return next;
  }

  function retryNow(): void {
    failures = 0;
    schedule(0);
  }

  if (autoStart) {
    const counts = liveQuery(async () => {
      const [pending, failed, unsent] = await Promise.all([
        db.outbox.where('status').equals('pending').count(),
        db.outbox.where('status').equals('failed').count(),
        firstUnsent(db),
      ]);
      return { pending, failed, unsent: unsent !== undefined };
    }).subscribe({
      next: ({ pending, failed, unsent }) => {
        status.update({ pending, failed });
        // Only never-sent ops: the flusher's own bookkeeping must not retrigger it, and ops
        // waiting for a retry follow the backoff.
        if (unsent) schedule(debounceMs);
      },
      error: (error: unknown) => {
        status.update({ lastError: error instanceof Error ? error.message : String(error) });
      },
    });
    cleanups.push(() => counts.unsubscribe());

    const interval = setInterval(() => void flush(), intervalMs);
    cleanups.push(() => clearInterval(interval));
    if (realtime) {
      cleanups.push(listenForPokes({ userId, getClient, onPoke: () => schedule(pokeDelayMs) }));
    }

    if (typeof window !== 'undefined') {
      const onOnline = () => {
        status.update({ online: true });
        retryNow();
      };
      const onOffline = () => status.update({ online: false });
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      cleanups.push(() => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      });
    }
    if (typeof document !== 'undefined') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') retryNow();
      };
      document.addEventListener('visibilitychange', onVisible);
      cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
    }
    const serviceWorker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (serviceWorker) {
      // The service worker's `sync` event posts {type: 'sync'} to its clients.
      const onMessage = (event: MessageEvent<unknown>) => {
        const data = event.data;
        if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'sync') {
          retryNow();
        }
      };
      serviceWorker.addEventListener('message', onMessage);
      cleanups.push(() => serviceWorker.removeEventListener('message', onMessage));
    }
    schedule(0);
  } else {
    void refreshCounts();
  }

  async function refreshCounts(): Promise<void> {
    const [pending, failed] = await Promise.all([
      db.outbox.where('status').equals('pending').count(),
      db.outbox.where('status').equals('failed').count(),
    ]);
    status.update({ pending, failed });
  }

  return {
    async flush() {
      await flush();
      if (!autoStart) await refreshCounts();
    },
    stop() {
      stopped = true;
      timer.cancel();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
    status,
  };
}
