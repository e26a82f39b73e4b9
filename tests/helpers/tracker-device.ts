import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeAll, vi } from 'vitest';
import { deleteTrackerDb, openTrackerDb } from '@/db/tracker-db';
import { createTrackerRepo, type SavePolicyInput } from '@/sync/repo';
import { policyInput, storeHealthType } from './tracker-fixtures';

/** A row's sync columns as a pull delivers them, at one fixed time. */
export const pulled = (serverSeq: number) => ({
  created_at: '2026-11-20T10:00:00+00:00',
  updated_at: '2026-11-20T10:00:00+00:00',
  deleted_at: null,
  server_seq: serverSeq,
});

/**
 * Devices for a test file's sync tests: each a fresh user's tracker database with the global
 * Health type and one policy of their own, deleted after each test.
 */
export function testDevices(healthTypeId: string) {
  const users: string[] = [];
  // jsdom's Blob does not survive IndexedDB's structured clone; Node's does.
  beforeAll(() => vi.stubGlobal('Blob', NodeBlob));
  afterEach(async () => {
    for (const userId of users.splice(0)) await deleteTrackerDb(userId);
  });
  return async (ownPolicy: Partial<SavePolicyInput> = {}) => {
    const userId = crypto.randomUUID();
    users.push(userId);
    const db = openTrackerDb(userId);
    const repo = createTrackerRepo(db, userId, {
      requestPersistentStorage: () => Promise.resolve(true),
    });
    await storeHealthType(db, healthTypeId, { at: pulled(1).created_at, serverSeq: 1 });
    const own = await repo.savePolicy(policyInput(healthTypeId, ownPolicy));
    return { db, userId, own, repo };
  };
}
