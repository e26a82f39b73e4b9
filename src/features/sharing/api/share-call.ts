import type { z } from 'zod';
import { call, type ApiResult } from '@/lib/api-call';

export type { ApiResult };

/** No network: said before trying, so the user is told why and keeps what they typed. */
export const OFFLINE_CODE = 'offline';
/** The invitation function answered with an HTTP error that is not one of its refusals. */
export const NOT_SENT_CODE = 'not_sent';

export function looksOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * One sharing function (supabase/migrations/20261127090100_sharing_rpc.sql), its answer
 * parsed. A refusal keeps the database's SQLSTATE (SH001…) so the screen can say it in the
 * user's language (share-messages.ts).
 */
export function shareRpc<S extends z.ZodType>(
  name: string,
  args: Record<string, unknown>,
  schema: S,
): Promise<ApiResult<z.output<S>>> {
  return whenOnline(() => call((db) => db.rpc(name, args), schema));
}

/** Runs a call, or says offline without trying. */
export function whenOnline<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  if (looksOffline()) {
    return Promise.resolve({ ok: false, error: { message: 'Offline', code: OFFLINE_CODE } });
  }
  return run();
}
