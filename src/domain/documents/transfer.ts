import { backoffDelay } from '../backoff';
import { messageRef, readStoredMessage, type MessageRef, type StoredMessage } from '../message';

/**
 * The upload queue's decisions, pure so they can be tested without a browser: when a stored
 * file is due for compression or upload, what a failure does to it, and what the screen says
 * about it.
 *
 * A file's stored upload state:
 *   compress a large photo stored as chosen, so it is on the device (and viewable) at once; the
 *            device makes it smaller before anything goes up. Its row waits on the device too,
 *            because the server fixes a document's size and type when the row is created.
 *            `attempts` counts compressions started, so one that never ends (the page closed
 *            or crashed mid-way) is started again at the next start, a few times at most.
 *            With last_error: even the smallest copy is over 10 MB; the photo stays on this
 *            device only until the user's Retry (or delete).
 *   pending  waiting to go up: its row has not reached the server yet, the device is offline,
 *            or an earlier try failed for a reason that may pass (retry_at says when);
 *   failed   refused for a reason retrying cannot fix (too large, wrong type): waits for the
 *            user's Retry;
 *   done     on the server; the local copy stays as the offline copy.
 */
export type UploadStatus = 'compress' | 'pending' | 'failed' | 'done';

export interface UploadState {
  upload: UploadStatus;
  /** Failed tries in a row, for the backoff; for 'compress', compressions started. */
  attempts: number;
  /** ISO time before which a pending file is not tried again; null: as soon as it can be. */
  retry_at: string | null;
  /** Why it is not uploaded: the device's sentence by catalog id (src/sync/files.ts). */
  last_error?: StoredMessage | undefined;
}

/**
 * What versions that stored sentences as text wrote for a file that did not go up, read as
 * the messages they are now (the screen says them in the user's language).
 */
const legacyUploadErrors: Readonly<Record<string, string>> = {
  'Could not reach the server.': 'documents.upload.unreachable',
  'The server refused this file: it is larger than 10 MB.': 'documents.upload.tooLarge',
  'The server refused this file type.': 'documents.upload.wrongType',
  'This photo could not be made smaller than 10 MB on this device. It is kept on this device only.':
    'documents.kept.tooLarge',
  'This photo could not be made smaller on this device, and a document can be at most 10 MB. It is kept on this device only.':
    'documents.kept.notSmaller',
};

function legacyUploadError(text: string): MessageRef | undefined {
  const id = legacyUploadErrors[text];
  if (id !== undefined) return messageRef(id);
  const notTaken = /^The server did not take the file \((.*)\)\.$/s.exec(text);
  return notTaken?.[1] === undefined
    ? undefined
    : messageRef('documents.upload.notTaken', { detail: notTaken[1] });
}

/** A file's stored upload error read back (IndexedDB holds what any version wrote). */
export function readUploadError(stored: unknown): StoredMessage | undefined {
  return readStoredMessage(stored, legacyUploadError);
}

/**
 * Compressions of one photo started without finishing before its original is taken as it is:
 * a photo that runs the page out of memory must not do so at every start.
 */
export const MAX_COMPRESS_ATTEMPTS = 3;

export function isCompressionDue(state: UploadState): boolean {
  return state.upload === 'compress' && state.last_error === undefined;
}

/** Counted before the compressor runs, so a restart knows it was started. */
export function compressionStarted(state: UploadState): UploadState {
  return { upload: 'compress', attempts: state.attempts + 1, retry_at: null };
}

/** Whether a started compression should run, or the original be taken as it is. */
export function mayCompress(started: UploadState): boolean {
  return started.attempts <= MAX_COMPRESS_ATTEMPTS;
}

/**
 * After the device tried to make a photo smaller: the kept copy goes up like any file, or,
 * when it cannot (over 10 MB), it waits here with the reason until the user's Retry.
 */
export function afterCompression(
  started: UploadState,
  kept: { ok: true } | { ok: false; reason: MessageRef },
): UploadState {
  if (kept.ok) return { upload: 'pending', attempts: 0, retry_at: null };
  return {
    upload: 'compress',
    attempts: started.attempts,
    retry_at: null,
    last_error: kept.reason,
  };
}

/** Retries after failures: 2 s doubling up to 10 minutes, with jitter. */
export const UPLOAD_BACKOFF = { minMs: 2_000, maxMs: 10 * 60_000 } as const;

export type UploadFailureKind = 'offline' | 'transient' | 'permanent';

/**
 * What kind of failure an upload met. No answer at all is the network's (offline when the
 * browser agrees it is offline). Storage answers a file it will never take with statusCode 413
 * (too large) or 415 (type), and bad input with 400; anything else (401/403 until the session
 * refreshes or the row is visible, 5xx) may pass.
 */
export function classifyUploadFailure(failure: {
  network: boolean;
  online: boolean;
  statusCode?: string | undefined;
}): UploadFailureKind {
  if (failure.network) return failure.online ? 'transient' : 'offline';
  if (failure.statusCode === '413' || failure.statusCode === '415' || failure.statusCode === '400')
    return 'permanent';
  return 'transient';
}

export function afterUploadFailure(
  state: UploadState,
  kind: UploadFailureKind,
  message: MessageRef,
  now: Date,
  random: () => number,
): UploadState {
  switch (kind) {
    case 'offline':
      // Not the file's fault: it goes when the network is back, without a backoff.
      return { upload: 'pending', attempts: state.attempts, retry_at: null };
    case 'transient': {
      const attempts = state.attempts + 1;
      const delay = backoffDelay(attempts, UPLOAD_BACKOFF, random);
      return {
        upload: 'pending',
        attempts,
        retry_at: new Date(now.getTime() + delay).toISOString(),
        last_error: message,
      };
    }
    case 'permanent':
      return {
        upload: 'failed',
        attempts: state.attempts + 1,
        retry_at: null,
        last_error: message,
      };
  }
}

export function afterUploadSuccess(): UploadState {
  return { upload: 'done', attempts: 0, retry_at: null };
}

/**
 * The user's Retry: at once, with the backoff started afresh; a photo that could not be made
 * small enough is compressed again.
 */
export function retriedUpload(state: UploadState): UploadState {
  if (state.upload === 'done') return state;
  if (state.upload === 'compress') return { upload: 'compress', attempts: 0, retry_at: null };
  return { upload: 'pending', attempts: 0, retry_at: null };
}

export function isUploadDue(state: UploadState, now: Date): boolean {
  return (
    state.upload === 'pending' &&
    (state.retry_at === null || Date.parse(state.retry_at) <= now.getTime())
  );
}

/** Milliseconds until the next pending file's retry time (0 if one is due), or null if none waits. */
export function msUntilNextRetry(states: readonly UploadState[], now: Date): number | null {
  let soonest: number | null = null;
  for (const state of states) {
    if (state.upload !== 'pending') continue;
    const wait =
      state.retry_at === null ? 0 : Math.max(0, Date.parse(state.retry_at) - now.getTime());
    soonest = soonest === null ? wait : Math.min(soonest, wait);
  }
  return soonest;
}

/** What the screen shows about one document's file. */
export type DocumentFileView =
  /** A photo on the device, being made smaller before it can go up. */
  | { state: 'preparing' }
  /** A photo that cannot go up (over 10 MB even compressed); kept on this device only. */
  | { state: 'kept'; reason: StoredMessage }
  /** connection: offline; sync: its row has not reached the server yet; null: its turn comes. */
  | { state: 'queued'; waitingFor: 'connection' | 'sync' | null }
  | { state: 'uploading' }
  | { state: 'uploaded' }
  | { state: 'failed'; reason: StoredMessage; retryAt: string | null }
  /** Another device attached it; it comes down when opened. */
  | { state: 'remote' }
  | { state: 'downloading' };

export function documentFileView(input: {
  /** The file stored on this device, if any. */
  stored: UploadState | undefined;
  /** A transfer this tab is running now. */
  inFlight: 'upload' | 'download' | undefined;
  online: boolean;
  /** The document's row is on the server (acknowledged or pulled). */
  rowOnServer: boolean;
}): DocumentFileView {
  const { stored, inFlight, online, rowOnServer } = input;
  if (inFlight === 'upload') return { state: 'uploading' };
  if (inFlight === 'download') return { state: 'downloading' };
  if (!stored) return { state: 'remote' };
  switch (stored.upload) {
    case 'compress':
      return stored.last_error === undefined
        ? { state: 'preparing' }
        : { state: 'kept', reason: stored.last_error };
    case 'done':
      return { state: 'uploaded' };
    case 'failed':
      return {
        state: 'failed',
        reason: stored.last_error ?? messageRef('documents.upload.refused'),
        retryAt: null,
      };
    case 'pending':
      if (stored.last_error !== undefined) {
        return { state: 'failed', reason: stored.last_error, retryAt: stored.retry_at };
      }
      return {
        state: 'queued',
        waitingFor: !online ? 'connection' : rowOnServer ? null : 'sync',
      };
  }
}
