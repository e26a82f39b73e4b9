import type http from 'node:http';
import type { Db } from '../db.ts';
import { callerPrologue } from '../db.ts';
import { bearerToken, header, sendJson } from '../http.ts';
import type { Keys } from '../keys.ts';
import { roleOf } from '../keys.ts';
import type { Caller, StorageService } from './service.ts';

export const DOCUMENTS_BUCKET = 'policy-documents';
/** The function's own cap per call (policy_document_files_to_remove). */
const PAGE = 1000;

const SERVICE: Caller = { role: 'service_role', claims: { role: 'service_role' } };

export interface CleanupResult {
  removed: number;
}

/**
 * The local twin of supabase/functions/document-cleanup: asks the database which files have
 * no live document row any more (deleted documents, documents of deleted policies, accounts
 * gone) and removes them through the Storage API's own remove, as the service role, page by
 * page until none is left.
 */
export async function runDocumentCleanup(db: Db, storage: StorageService): Promise<CleanupResult> {
  let removed = 0;
  for (;;) {
    const names = await db.transaction(
      async (tx) =>
        (
          await tx.query<{ name: string }>(
            `select name from public.policy_document_files_to_remove($1) as name`,
            [PAGE],
          )
        ).rows.map((r) => r.name),
      { prologue: callerPrologue({ ...SERVICE, method: 'POST', path: '/rpc/cleanup' }) },
    );
    if (names.length === 0) return { removed };
    removed += (await storage.remove(SERVICE, DOCUMENTS_BUCKET, names)).length;
    if (names.length < PAGE) return { removed };
  }
}

export interface CleanupService {
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  run(): Promise<CleanupResult>;
  stop(): Promise<void>;
}

/** Runs the cleanup every `intervalMs` (0: only on demand) and at POST /functions/v1/document-cleanup. */
export function createCleanupService(o: {
  db: Db;
  storage: StorageService;
  keys: Keys;
  intervalMs: number;
  log: (msg: string) => void;
}): CleanupService {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = (): Promise<CleanupResult> => {
    const next = running.then(() => runDocumentCleanup(o.db, o.storage));
    running = next.catch(() => undefined);
    return next;
  };
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delay: number): void => {
    if (o.intervalMs <= 0 || stopped) return;
    timer = setTimeout(() => {
      run()
        .then((r) => {
          if (r.removed > 0) o.log(`document cleanup: ${r.removed} files removed`);
        })
        .catch((e: unknown) => o.log(`document cleanup failed: ${String(e)}`))
        .finally(() => schedule(o.intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(Math.min(o.intervalMs, 60_000));

  return {
    async handle(req, res) {
      if ((req.method ?? 'GET').toUpperCase() !== 'POST') {
        return sendJson(res, 405, { message: 'Method not allowed' });
      }
      const token = bearerToken(req) ?? header(req, 'apikey');
      const verified = token ? await o.keys.verify(token) : null;
      if (!verified?.ok || roleOf(verified.claims) !== 'service_role') {
        return sendJson(res, 401, {
          message: 'Only the service role may run the document cleanup',
        });
      }
      req.resume();
      try {
        return sendJson(res, 200, await run());
      } catch (e) {
        return sendJson(res, 500, { message: e instanceof Error ? e.message : 'cleanup failed' });
      }
    },
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
