import type { SupabaseClient } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import {
  afterUploadFailure,
  afterUploadSuccess,
  classifyUploadFailure,
  compressionStarted,
  isCompressionDue,
  isUploadDue,
  mayCompress,
  msUntilNextRetry,
  readUploadError,
  retriedUpload,
  type UploadState,
} from '@/domain/documents';
import { MessageError, messageRef, sameStoredMessage, type MessageRef } from '@/domain/message';
import {
  documentMimeTypeSchema,
  documentStoragePath,
  MAX_DOCUMENT_BYTES,
  POLICY_DOCUMENTS_BUCKET,
  type DocumentMimeType,
} from '@/domain/schemas';
import {
  serverRowKey,
  type DocumentFileRecord,
  type PolicyDocumentRecord,
  type TrackerDb,
} from '@/db/tracker-db';
import { withSyncLock } from './lock';
import { createWakeTimer } from './wake-timer';
import type { TrackerRepo } from './repo';

/**
 * The document files' queue (issue 17). Rows ride the outbox like every change; files go
 * their own way, because a 10 MB upload must not hold up the small changes behind it:
 *
 * - A file is stored on the device with its row (repo.addDocument) and waits in
 *   `documentFiles` with upload 'pending'. A large photo is stored as chosen, with upload
 *   'compress' and its row not yet queued: the queue makes it smaller first (offline too),
 *   and repo.storeCompressedPhoto swaps in the smaller copy and queues the row with its size,
 *   so an original never goes up in its place. A restart finds it still 'compress' and
 *   compresses again. It goes up only once its row is on the server
 *   (a server copy in serverRows: the push was acknowledged, or a pull brought it), because
 *   Storage's RLS takes a file only at the storage_path of a live row.
 * - Uploads use supabase-js Storage with upsert, so a retry after a lost answer is harmless.
 *   A failure that may pass backs off (2 s doubling up to 10 minutes, stored, so a restart
 *   resumes the schedule); a refusal (too large, wrong type) waits for the user's Retry;
 *   offline waits for the network without counting against the file.
 * - The local copy stays after upload as the offline copy, and goes when its document does.
 * - A file attached on another device comes down when it is first opened, and stays.
 *
 * One tab at a time runs the queue (a Web Lock per user, as for the sync engine).
 */

export type TransferKind = 'upload' | 'download';

/** Transfers this tab is running now, by document id; immutable snapshots. */
export interface InFlightStore {
  subscribe(listener: () => void): () => void;
  get(): ReadonlyMap<string, TransferKind>;
}

export interface FileTransfers {
  /** Uploads every file that is due now; resolves when done. Never throws. */
  run(): Promise<void>;
  /** The user's Retry: the file is due at once, its backoff started afresh. */
  retry(documentId: string): Promise<void>;
  /** The document's file: the copy on this device, or downloaded now and kept. */
  open(documentId: string): Promise<Blob>;
  inFlight: InFlightStore;
  stop(): void;
}

/**
 * Makes a photo smaller (the app's is src/lib/photos: browser-image-compression in a worker).
 * Rejects when it cannot; stops when `signal` aborts (the queue stopped).
 */
export type CompressPhoto = (
  photo: Blob,
  name: string,
  mime: DocumentMimeType,
  signal: AbortSignal,
) => Promise<{ blob: Blob; mime: DocumentMimeType }>;

export interface FileTransfersOptions {
  userId: string;
  db: TrackerDb;
  getClient: () => Promise<SupabaseClient>;
  /** Stores a compressed photo and queues its row (row and outbox in one transaction). */
  repo: Pick<TrackerRepo, 'storeCompressedPhoto'>;
  compress: CompressPhoto;
  now?: () => Date;
  random?: () => number;
  /** The browser's view of the network; navigator.onLine by default. */
  online?: () => boolean;
  /** false: no timers, listeners or observation; only run() uploads. For tests. */
  autoStart?: boolean;
  /** Periodic run while the app is open, for files whose row was acknowledged by another tab. */
  intervalMs?: number;
}

/**
 * How a document's file is stored: replacing an earlier attempt's, typed as its row says (the
 * bucket checks it), and served with max-age=0 so no HTTP cache keeps it once the owner
 * revokes a share or deletes the document.
 */
export function documentUploadOptions(mimeType: string) {
  return { upsert: true, contentType: mimeType, cacheControl: '0' };
}

/** Why a document's file cannot be shown: `reason` is for the user, in their language. */
export class DocumentFileUnavailableError extends MessageError {
  constructor(reason: MessageRef) {
    super(reason);
    this.name = 'DocumentFileUnavailableError';
  }
}

interface StorageFailure {
  network: boolean;
  statusCode?: string;
  message: string;
}

/** supabase-js gives StorageApiError (the server answered) or StorageUnknownError (no answer). */
function describeStorageError(error: unknown): StorageFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const { statusCode } = error;
    if (typeof statusCode === 'string' || typeof statusCode === 'number') {
      return { network: false, statusCode: String(statusCode), message };
    }
  }
  return { network: true, message };
}

/**
 * Why a file did not go up, said to the user in their language: Storage's refusals by their
 * status, and any other with the server's words after a sentence of ours.
 */
function uploadMessage(failure: StorageFailure): MessageRef {
  if (failure.network) return messageRef('documents.upload.unreachable');
  if (failure.statusCode === '413') return messageRef('documents.upload.tooLarge');
  if (failure.statusCode === '415') return messageRef('documents.upload.wrongType');
  return messageRef('documents.upload.notTaken', { detail: failure.message });
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function uploadStateOf(record: DocumentFileRecord): UploadState {
  return {
    upload: record.upload,
    attempts: record.attempts,
    retry_at: record.retry_at,
    last_error: readUploadError(record.last_error),
  };
}

function sameState(a: UploadState, b: UploadState): boolean {
  return (
    a.upload === b.upload &&
    a.attempts === b.attempts &&
    a.retry_at === b.retry_at &&
    sameStoredMessage(a.last_error, b.last_error)
  );
}

export function startFileTransfers(options: FileTransfersOptions): FileTransfers {
  const {
    userId,
    db,
    getClient,
    repo,
    compress,
    now = () => new Date(),
    random = Math.random,
    online = browserOnline,
    autoStart = true,
    intervalMs = 60_000,
  } = options;

  let stopped = false;
  // Ends a compression in progress when the queue stops (sign-out), so its lock is released.
  const stopping = new AbortController();
  const timer = createWakeTimer(() => void run());
  const cleanups: (() => void)[] = [];

  let inFlight: ReadonlyMap<string, TransferKind> = new Map();
  const listeners = new Set<() => void>();
  function setInFlight(id: string, kind: TransferKind | undefined): void {
    const next = new Map(inFlight);
    if (kind) next.set(id, kind);
    else next.delete(id);
    inFlight = next;
    for (const listener of [...listeners]) listener();
  }

  /** Writes the file's new upload state, unless it is gone (deleted meanwhile) or unchanged. */
  async function writeState(id: string, state: UploadState): Promise<void> {
    await db.transaction('rw', db.documentFiles, async () => {
      const current = await db.documentFiles.get(id);
      if (!current || sameState(uploadStateOf(current), state)) return;
      const { last_error: _previous, ...rest } = current;
      await db.documentFiles.put({
        ...rest,
        upload: state.upload,
        attempts: state.attempts,
        retry_at: state.retry_at,
        ...(state.last_error !== undefined ? { last_error: state.last_error } : {}),
      });
    });
  }

  /** Files whose document is gone (deleted here or elsewhere, or its policy) go too. */
  async function sweep(): Promise<void> {
    await db.transaction('rw', db.documentFiles, db.policyDocuments, async () => {
      const ids = (await db.documentFiles.toCollection().primaryKeys()) as string[];
      const docs = await db.policyDocuments.bulkGet(ids);
      const orphans = ids.filter((_, i) => {
        const doc = docs[i];
        return !doc || doc.deleted_at !== null;
      });
      await db.documentFiles.bulkDelete(orphans);
    });
  }

  async function signedInClient(): Promise<SupabaseClient | null> {
    const client = await getClient();
    const { data } = await client.auth.getSession();
    // Another account's token would be refused by RLS anyway; do not even try.
    return data.session?.user.id === userId ? client : null;
  }

  /** The documents whose files may go up now: due, row on the server, policy live here. */
  async function dueUploads(): Promise<
    { record: DocumentFileRecord; doc: PolicyDocumentRecord }[]
  > {
    const pending = await db.documentFiles.where('upload').equals('pending').toArray();
    const at = now();
    const due = pending
      .filter((r) => isUploadDue(uploadStateOf(r), at))
      .sort((a, b) => a.stored_at.localeCompare(b.stored_at));
    const out: { record: DocumentFileRecord; doc: PolicyDocumentRecord }[] = [];
    for (const record of due) {
      const [doc, onServer, policy] = await Promise.all([
        db.policyDocuments.get(record.id),
        db.serverRows.get(serverRowKey('policy_documents', record.id)),
        db.policies.get(record.policy_id),
      ]);
      if (!doc || doc.deleted_at !== null || !onServer) continue;
      if (!policy || policy.deleted_at !== null) continue;
      out.push({ record, doc });
    }
    return out;
  }

  async function uploadOne(
    client: SupabaseClient,
    record: DocumentFileRecord,
    doc: PolicyDocumentRecord,
  ): Promise<'ok' | 'offline' | 'failed'> {
    setInFlight(record.id, 'upload');
    try {
      // supabase-js sends a Blob as a multipart part whose type is the Blob's own: make it the
      // row's, which the bucket checks.
      const body = new Blob([record.blob], { type: doc.mime_type });
      let failure: StorageFailure | null = null;
      try {
        const { error } = await client.storage
          .from(POLICY_DOCUMENTS_BUCKET)
          .upload(documentStoragePath(doc), body, documentUploadOptions(doc.mime_type));
        if (error) failure = describeStorageError(error);
      } catch (error) {
        failure = describeStorageError(error);
      }
      if (!failure) {
        await writeState(record.id, afterUploadSuccess());
        return 'ok';
      }
      const kind = classifyUploadFailure({ ...failure, online: online() });
      const fresh = await db.documentFiles.get(record.id);
      if (fresh) {
        await writeState(
          record.id,
          afterUploadFailure(uploadStateOf(fresh), kind, uploadMessage(failure), now(), random),
        );
      }
      return kind === 'offline' ? 'offline' : 'failed';
    } finally {
      setInFlight(record.id, undefined);
    }
  }

  /** One photo made smaller, or (compressor failed, or started too often) taken as it is. */
  async function compressOne(record: DocumentFileRecord, doc: PolicyDocumentRecord): Promise<void> {
    const started = compressionStarted(uploadStateOf(record));
    await writeState(record.id, started);
    let compressed: { blob: Blob; mime: DocumentMimeType } | null = null;
    if (mayCompress(started)) {
      try {
        const out = await compress(record.blob, doc.name, doc.mime_type, stopping.signal);
        const mime = documentMimeTypeSchema.parse(out.mime);
        compressed = { blob: new Blob([out.blob], { type: mime }), mime };
      } catch (error) {
        // Stopped: not the photo's fault, and the next start compresses it again.
        if (stopping.signal.aborted) {
          await writeState(record.id, uploadStateOf(record));
          return;
        }
        console.warn('photo compression:', error);
      }
    }
    await repo.storeCompressedPhoto(record.id, compressed);
  }

  /** Photos stored as chosen, oldest first; no network needed. */
  async function compressDue(): Promise<void> {
    const waiting = await db.documentFiles.where('upload').equals('compress').toArray();
    const due = waiting
      .filter((r) => isCompressionDue(uploadStateOf(r)))
      .sort((a, b) => a.stored_at.localeCompare(b.stored_at));
    for (const record of due) {
      if (stopped) return;
      const doc = await db.policyDocuments.get(record.id);
      if (!doc || doc.deleted_at !== null) continue;
      await compressOne(record, doc);
    }
  }

  async function runOnce(): Promise<void> {
    await sweep();
    await compressDue();
    if (!online()) return;
    const due = await dueUploads();
    if (due.length === 0) return;
    const client = await signedInClient();
    if (!client) return;
    for (const { record, doc } of due) {
      if (stopped) return;
      if ((await uploadOne(client, record, doc)) === 'offline') return;
    }
  }

  let chain: Promise<void> = Promise.resolve();
  function run(): Promise<void> {
    const next = chain.then(() =>
      withSyncLock(`bimaguide-files-${userId}`, runOnce).catch((error: unknown) => {
        // The queue never throws at its callers: what failed is stored per file and retried.
        console.warn('document uploads:', error);
      }),
    );
    chain = next;
    return next.then(() => scheduleNextRetry());
  }

  function schedule(delayMs: number): void {
    if (stopped || !autoStart) return;
    timer.schedule(delayMs);
  }

  async function scheduleNextRetry(): Promise<void> {
    if (stopped || !autoStart) return;
    const pending = await db.documentFiles.where('upload').equals('pending').toArray();
    const wait = msUntilNextRetry(pending.map(uploadStateOf), now());
    // Due ones that did not go are waiting for their row or the network: those have triggers.
    if (wait !== null && wait > 0) schedule(wait);
  }

  const downloads = new Map<string, Promise<Blob>>();

  async function download(documentId: string): Promise<Blob> {
    const doc = await db.policyDocuments.get(documentId);
    if (!doc || doc.deleted_at !== null) {
      throw new DocumentFileUnavailableError(messageRef('documents.open.deleted'));
    }
    if (!online()) {
      throw new DocumentFileUnavailableError(messageRef('documents.open.offline'));
    }
    setInFlight(documentId, 'download');
    try {
      const client = await signedInClient();
      if (!client) throw new DocumentFileUnavailableError(messageRef('documents.open.signIn'));
      let data: Blob | null = null;
      let failure: StorageFailure | null = null;
      try {
        const result = await client.storage
          .from(POLICY_DOCUMENTS_BUCKET)
          .download(documentStoragePath(doc));
        data = result.data;
        if (result.error) failure = describeStorageError(result.error);
      } catch (error) {
        failure = describeStorageError(error);
      }
      if (failure || !data) {
        if (failure?.network) {
          throw new DocumentFileUnavailableError(messageRef('documents.open.unreachable'));
        }
        if (failure?.statusCode === '404') {
          throw new DocumentFileUnavailableError(messageRef('documents.open.notUploaded'));
        }
        throw new DocumentFileUnavailableError(
          failure
            ? messageRef('documents.open.notSent', { detail: failure.message })
            : messageRef('documents.open.empty'),
        );
      }
      if (data.size === 0 || data.size > MAX_DOCUMENT_BYTES) {
        throw new DocumentFileUnavailableError(messageRef('documents.open.wrongFile'));
      }
      const blob = new Blob([data], { type: doc.mime_type });
      await db.transaction('rw', db.documentFiles, db.policyDocuments, async () => {
        const live = await db.policyDocuments.get(documentId);
        if (!live || live.deleted_at !== null || (await db.documentFiles.get(documentId))) return;
        await db.documentFiles.add({
          id: documentId,
          policy_id: doc.policy_id,
          blob,
          upload: 'done',
          attempts: 0,
          retry_at: null,
          stored_at: now().toISOString(),
        });
      });
      return blob;
    } finally {
      setInFlight(documentId, undefined);
    }
  }

  async function open(documentId: string): Promise<Blob> {
    const [stored, doc] = await Promise.all([
      db.documentFiles.get(documentId),
      db.policyDocuments.get(documentId),
    ]);
    if (stored && doc) return new Blob([stored.blob], { type: doc.mime_type });
    let pendingDownload = downloads.get(documentId);
    if (!pendingDownload) {
      pendingDownload = download(documentId).finally(() => downloads.delete(documentId));
      downloads.set(documentId, pendingDownload);
    }
    return pendingDownload;
  }

  async function retry(documentId: string): Promise<void> {
    const record = await db.documentFiles.get(documentId);
    if (!record) return;
    await writeState(documentId, retriedUpload(uploadStateOf(record)));
    await run();
  }

  if (autoStart) {
    // A file becomes ready when its row's acknowledgement lands, or when it is added or retried.
    // A photo becomes ready for compression when it is attached or retried.
    const ready = liveQuery(async () => {
      const pending = await db.documentFiles.where('upload').equals('pending').toArray();
      const rows = await db.serverRows.bulkGet(
        pending.map((r) => serverRowKey('policy_documents', r.id)),
      );
      const toCompress = await db.documentFiles
        .where('upload')
        .equals('compress')
        .filter((r) => isCompressionDue(uploadStateOf(r)))
        .count();
      return pending.filter((r, i) => rows[i] && r.retry_at === null).length + toCompress;
    }).subscribe({
      next: (count) => {
        if (count > 0) schedule(0);
      },
      error: (error: unknown) => console.warn('document uploads:', error),
    });
    cleanups.push(() => ready.unsubscribe());
    const interval = setInterval(() => void run(), intervalMs);
    cleanups.push(() => clearInterval(interval));
    if (typeof window !== 'undefined') {
      const onOnline = () => schedule(0);
      window.addEventListener('online', onOnline);
      cleanups.push(() => window.removeEventListener('online', onOnline));
    }
    schedule(0);
  }

  return {
    run,
    retry,
    open,
    inFlight: {
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      get: () => inFlight,
    },
    stop() {
      stopped = true;
      stopping.abort();
      timer.cancel();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}
