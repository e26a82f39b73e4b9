import { formatIndianNumber } from '@/lib/format';
import { i18n, loadCatalogPart } from '@/lib/i18n';
import { openTrackerDb, type TrackerDb } from '@/db/tracker-db';
import { compressPhoto } from '@/lib/photos';
import { getSupabase } from '@/lib/supabase';
import {
  createTrackerRepo,
  startFileTransfers,
  startSync,
  type FileTransfers,
  type SyncEngine,
  type TrackerRepo,
} from '@/sync';

/**
 * The signed-in user's tracker: their own Dexie database, the repo that writes to it and the
 * sync engine. It lives at module level, not in a component, so moving between the dashboard
 * and the form neither restarts sync nor drops a flush in progress; it is replaced only when
 * another user signs in, and stopped when its user signs out.
 */
export interface TrackerSession {
  userId: string;
  db: TrackerDb;
  repo: TrackerRepo;
  sync: SyncEngine;
  /** The document files' upload and download queue. */
  files: FileTransfers;
}

/** Asks the user whether to sign out with `pending` changes unsent; true means go ahead. */
export type SignOutConfirmer = (pending: number) => Promise<boolean>;

export type RegisterBeforeSignOut = (hook: () => Promise<boolean>) => () => void;

export interface TrackerSessionDeps {
  openDb: (userId: string) => TrackerDb;
  createRepo: (db: TrackerDb, userId: string) => TrackerRepo;
  startSync: (userId: string, db: TrackerDb) => SyncEngine;
  /** The repo is the session's own: a compressed photo's row is queued through it. */
  startFiles: (userId: string, db: TrackerDb, repo: TrackerRepo) => FileTransfers;
  /** Used when no in-app dialog is mounted (the user signs out from another page). */
  fallbackConfirm: (message: string) => boolean;
}

const browserDeps: TrackerSessionDeps = {
  openDb: openTrackerDb,
  createRepo: (db, userId) => createTrackerRepo(db, userId),
  startSync: (userId, db) => startSync({ userId, db, getClient: getSupabase }),
  startFiles: (userId, db, repo) =>
    startFileTransfers({ userId, db, repo, getClient: getSupabase, compress: compressPhoto }),
  fallbackConfirm: (message) => window.confirm(message),
};

export function unsentChangesMessage(pending: number): string {
  return i18n._('tracker.signOut.text', { count: pending, n: formatIndianNumber(pending) });
}

export interface TrackerSessions {
  /** The user's session, starting it (and stopping another user's) when needed. */
  acquire(userId: string): TrackerSession;
  /** Makes sign-out ask first while this session has unsent changes; idempotent. */
  guardSignOut(registerBeforeSignOut: RegisterBeforeSignOut): void;
  /** The dialog the mounted tracker shows; null when none is mounted. */
  setConfirmer(confirm: SignOutConfirmer | null): void;
  /** Stops the current session's sync (sign-out); the data stays on the device. */
  release(): void;
  current(): TrackerSession | null;
}

export function createTrackerSessions(deps: TrackerSessionDeps): TrackerSessions {
  let session: TrackerSession | null = null;
  let unregister: (() => void) | null = null;
  let registeredWith: RegisterBeforeSignOut | null = null;
  let confirmer: SignOutConfirmer | null = null;

  function release(): void {
    unregister?.();
    unregister = null;
    registeredWith = null;
    session?.sync.stop();
    session?.files.stop();
    session = null;
  }

  async function beforeSignOut(db: TrackerDb): Promise<boolean> {
    const pending = await db.outbox.count();
    if (pending > 0) {
      let confirmed: boolean;
      if (confirmer) {
        confirmed = await confirmer(pending);
      } else {
        // Signing out from a page without the tracker's screens: their texts (the tracker's
        // catalog part) may not be loaded on it yet. Offline before they ever were, the
        // question still asks, its words as their ids.
        await loadCatalogPart('tracker').catch(() => undefined);
        confirmed = deps.fallbackConfirm(
          `${unsentChangesMessage(pending)} ${i18n._('tracker.signOut.anywayQuestion')}`,
        );
      }
      if (!confirmed) return false;
    }
    // Signing out: this user's sync stops; their rows stay on the device for next time.
    release();
    return true;
  }

  return {
    acquire(userId) {
      if (session && session.userId !== userId) release();
      if (!session) {
        const db = deps.openDb(userId);
        const repo = deps.createRepo(db, userId);
        session = {
          userId,
          db,
          repo,
          sync: deps.startSync(userId, db),
          files: deps.startFiles(userId, db, repo),
        };
      }
      return session;
    },
    guardSignOut(registerBeforeSignOut) {
      if (!session || registeredWith === registerBeforeSignOut) return;
      unregister?.();
      const db = session.db;
      unregister = registerBeforeSignOut(() => beforeSignOut(db));
      registeredWith = registerBeforeSignOut;
    },
    setConfirmer(confirm) {
      confirmer = confirm;
    },
    release,
    current: () => session,
  };
}

export const trackerSessions = createTrackerSessions(browserDeps);
