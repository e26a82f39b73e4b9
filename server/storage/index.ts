import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import type { Db } from '../db.ts';
import type { Keys } from '../keys.ts';
import { createCleanupService, type CleanupResult } from './cleanup.ts';
import { createFileStore } from './files.ts';
import { createStorageHandler } from './handler.ts';
import { StorageService } from './service.ts';

export { STORAGE_PREFIX } from './handler.ts';
export type { CleanupResult } from './cleanup.ts';

export interface StorageApi {
  /** Answers everything under /storage/v1. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  /** POST /functions/v1/document-cleanup. */
  handleCleanup(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  runCleanup(): Promise<CleanupResult>;
  /** Where object files are kept. */
  root: string;
  stop(): Promise<void>;
}

/**
 * The Storage API subset supabase-js uses, over storage.objects / storage.buckets (RLS as
 * the caller) and files under `<dataDir>/storage` (a temp dir, removed at stop, in memory mode).
 */
export function createStorageApi(o: {
  db: Db;
  keys: Keys;
  dataDir: string;
  statementTimeoutMs: number;
  cleanupIntervalMs: number;
  log: (msg: string) => void;
}): StorageApi {
  const temporary = o.dataDir === 'memory';
  const root = temporary
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'bimaguide-storage-'))
    : path.join(o.dataDir, 'storage');
  const files = createFileStore(root);
  const service = new StorageService(o.db, files, o.statementTimeoutMs);
  const cleanup = createCleanupService({
    db: o.db,
    storage: service,
    keys: o.keys,
    intervalMs: o.cleanupIntervalMs,
    log: o.log,
  });
  return {
    handle: createStorageHandler({ keys: o.keys, service, files }),
    handleCleanup: cleanup.handle,
    runCleanup: cleanup.run,
    root,
    async stop() {
      await cleanup.stop();
      if (temporary) fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
