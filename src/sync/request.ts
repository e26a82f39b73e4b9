import type { SupabaseClient } from '@supabase/supabase-js';
import { classifyRpcFailure, SyncRequestError } from './errors';

/**
 * How long a sync request may take before it counts as lost. Without a limit, a request the
 * network swallows (no answer, no reset) would hold every flush until the OS gives up.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 20_000;

export interface RpcAnswer {
  data: unknown;
  status: number;
}

/**
 * Calls a sync RPC, aborting it after `timeoutMs`. A failure of the whole request (network,
 * timeout, HTTP error) throws a SyncRequestError; the caller parses `data`.
 */
export async function callSyncRpc(
  client: SupabaseClient,
  fn: 'sync_push' | 'sync_pull',
  args: Record<string, unknown>,
  timeoutMs: number,
): Promise<RpcAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { data, error, status } = await client.rpc(fn, args).abortSignal(controller.signal);
    if (controller.signal.aborted) {
      throw new SyncRequestError(
        'timeout',
        `The server did not answer within ${Math.ceil(timeoutMs / 1000)} seconds`,
      );
    }
    if (error) throw classifyRpcFailure(status, error);
    return { data, status };
  } finally {
    clearTimeout(timer);
  }
}
