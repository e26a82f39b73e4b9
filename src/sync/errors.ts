/**
 * Why a sync request failed, as the engine needs to know it: try again later (network,
 * timeout, 5xx, anything unexpected), refresh the session first (401 / expired JWT), or send
 * less at once (413: the push splits the batch).
 * Permanent refusals of single ops are not errors: sync_push answers them per op.
 */
export type SyncFailureKind = 'network' | 'timeout' | 'server' | 'auth' | 'too_large' | 'protocol';

export class SyncRequestError extends Error {
  readonly kind: SyncFailureKind;
  readonly status: number;
  readonly code: string | undefined;

  constructor(kind: SyncFailureKind, message: string, status = 0, code?: string) {
    super(message);
    this.name = 'SyncRequestError';
    this.kind = kind;
    this.status = status;
    this.code = code;
  }
}

/** Sync waits for a sign-in: no session, or a session of another account. */
export class SyncSignedOutError extends Error {
  constructor(message = 'Sign in again to sync your changes') {
    super(message);
    this.name = 'SyncSignedOutError';
  }
}

interface RpcError {
  message?: string;
  code?: string;
}

export function classifyRpcFailure(status: number, error: RpcError | null): SyncRequestError {
  const message = error?.message ?? `Request failed with status ${status}`;
  const code = error?.code || undefined;
  if (status === 0) return new SyncRequestError('network', message, status, code);
  if (
    status === 401 ||
    code === 'PGRST301' ||
    code === 'PGRST303' ||
    (status === 403 && code === '42501')
  ) {
    return new SyncRequestError('auth', message, status, code);
  }
  if (status === 413) return new SyncRequestError('too_large', message, status, code);
  if (status >= 500 || status === 408 || status === 429) {
    return new SyncRequestError('server', message, status, code);
  }
  // A 4xx for the whole batch is a bug somewhere, never a reason to drop the user's changes:
  // keep them and retry with backoff, reporting the message.
  return new SyncRequestError('protocol', message, status, code);
}
