import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { TrackerDb } from '@/db/tracker-db';
import {
  createSyncStatusStore,
  startFileTransfers,
  type SyncEngine,
  type TrackerRepo,
} from '@/sync';
import { activateLoaded } from '@/lib/i18n';
import { allMessages, catalogsOf } from '../../../tests/helpers/catalogs';
import { createTrackerSessions, type TrackerSessionDeps } from './session';

function fakeDeps() {
  const engines: (SyncEngine & { stop: ReturnType<typeof vi.fn> })[] = [];
  const deps: TrackerSessionDeps = {
    openDb: (userId) => new TrackerDb(userId),
    createRepo: () => ({}) as TrackerRepo,
    startSync: () => {
      const engine = {
        flush: vi.fn(async () => undefined),
        stop: vi.fn(),
        status: createSyncStatusStore({ online: true, pending: 0, failed: 0, syncing: false }),
      };
      engines.push(engine);
      return engine;
    },
    startFiles: (userId, db, repo) =>
      startFileTransfers({
        userId,
        db,
        repo,
        getClient: () => Promise.reject(new Error('offline')),
        compress: () => Promise.reject(new Error('no compressor in these tests')),
        autoStart: false,
      }),
    fallbackConfirm: vi.fn(() => false),
  };
  return { deps, engines };
}

function first<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('expected an item');
  return item;
}

async function queueOneChange(db: TrackerDb) {
  await db.outbox.add({
    op_id: crypto.randomUUID(),
    seq: 1,
    created_at: new Date().toISOString(),
    user_id: db.userId,
    table: 'policies',
    kind: 'delete',
    record_id: crypto.randomUUID(),
    row: {},
    status: 'pending',
    attempts: 0,
  });
}

describe('tracker sessions', () => {
  it('keeps one session per signed-in user and stops the previous user’s sync', () => {
    const { deps, engines } = fakeDeps();
    const sessions = createTrackerSessions(deps);
    const a = sessions.acquire('user-a');
    expect(sessions.acquire('user-a')).toBe(a);
    expect(engines).toHaveLength(1);

    const b = sessions.acquire('user-b');
    expect(b.db.name).not.toBe(a.db.name);
    expect(first(engines).stop).toHaveBeenCalledTimes(1);
    expect(engines).toHaveLength(2);
  });

  it('lets sign-out go ahead when nothing is waiting, stopping sync', async () => {
    const { deps, engines } = fakeDeps();
    const sessions = createTrackerSessions(deps);
    sessions.acquire(crypto.randomUUID());
    const hooks: (() => Promise<boolean>)[] = [];
    const register = vi.fn((hook: () => Promise<boolean>) => {
      hooks.push(hook);
      return () => {};
    });
    sessions.guardSignOut(register);
    sessions.guardSignOut(register);
    expect(register).toHaveBeenCalledTimes(1);

    expect(await first(hooks)()).toBe(true);
    expect(first(engines).stop).toHaveBeenCalled();
    expect(sessions.current()).toBeNull();
  });

  it('asks before signing out with unsent changes and stays when the user says no', async () => {
    const { deps, engines } = fakeDeps();
    const sessions = createTrackerSessions(deps);
    const session = sessions.acquire(crypto.randomUUID());
    await queueOneChange(session.db);
    let hook = async (): Promise<boolean> => {
      throw new Error('no hook registered');
    };
    const unregister = vi.fn();
    sessions.guardSignOut((h) => {
      hook = h;
      return unregister;
    });

    const confirm = vi.fn(async () => false);
    sessions.setConfirmer(confirm);
    expect(await hook()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(1);
    expect(first(engines).stop).not.toHaveBeenCalled();

    confirm.mockResolvedValueOnce(true);
    expect(await hook()).toBe(true);
    expect(unregister).toHaveBeenCalled();
    expect(first(engines).stop).toHaveBeenCalled();
  });

  /** Signing out with one unsent change and no tracker screen open: the browser's question. */
  async function browserQuestion(create = createTrackerSessions) {
    const { deps } = fakeDeps();
    const sessions = create(deps);
    const session = sessions.acquire(crypto.randomUUID());
    await queueOneChange(session.db);
    let hook = async (): Promise<boolean> => {
      throw new Error('no hook registered');
    };
    sessions.guardSignOut((h) => {
      hook = h;
      return () => {};
    });
    expect(await hook()).toBe(false);
    expect(deps.fallbackConfirm).toHaveBeenCalledWith(
      expect.stringMatching(/^1 change has not reached the server yet\..*Sign out anyway\?$/),
    );
  }

  it('falls back to the browser’s confirm when no tracker screen is open', async () => {
    await browserQuestion();
  });

  it('asks in words on a page that has only the texts every page loads', async () => {
    // Signing out from the home page: the tracker's catalog part was never loaded there (a
    // fresh copy of the modules: the test above loaded it into this one).
    vi.resetModules();
    const fresh = await import('@/lib/i18n');
    const { createTrackerSessions: create } = await import('./session');
    fresh.activateLoaded('en', catalogsOf.en.main);
    try {
      await browserQuestion(create);
    } finally {
      activateLoaded('en', allMessages.en);
    }
  });
});
