import { vi } from 'vitest';
import { TrackerDb } from '@/db/tracker-db';
import { createTrackerSessions } from '@/features/tracker';
import {
  createSyncStatusStore,
  createTrackerRepo,
  startFileTransfers,
  type SyncStatus,
} from '@/sync';

type StartFiles = Parameters<typeof createTrackerSessions>[0]['startFiles'];

/**
 * Tracker sessions on a real per-user Dexie store and repo, with sync replaced by a status
 * store the test drives and file transfers that never reach a server (unless given).
 */
export function testTrackerSessions(
  options: {
    status?: Partial<SyncStatus>;
    startFiles?: StartFiles;
    onOpen?: (db: TrackerDb) => void;
  } = {},
) {
  const statusStore = createSyncStatusStore({
    online: true,
    pending: 0,
    failed: 0,
    syncing: false,
    ...options.status,
  });
  const flush = vi.fn(async (): Promise<void> => undefined);
  const sessions = createTrackerSessions({
    openDb: (id) => {
      const db = new TrackerDb(id);
      options.onOpen?.(db);
      return db;
    },
    createRepo: (db, id) =>
      createTrackerRepo(db, id, { requestPersistentStorage: async () => false }),
    startSync: () => ({ flush, stop: vi.fn(), status: statusStore }),
    startFiles:
      options.startFiles ??
      ((id, db, repo) =>
        startFileTransfers({
          userId: id,
          db,
          repo,
          getClient: () => Promise.reject(new Error('offline')),
          compress: () => Promise.reject(new Error('no compressor in these tests')),
          autoStart: false,
        })),
    fallbackConfirm: () => true,
  });
  return { sessions, statusStore, flush };
}
