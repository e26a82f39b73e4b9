import { z } from 'zod';
import { PHOTO_MAX_SIDE, PHOTO_TARGET_BYTES } from '@/domain/documents';
import type { DocumentMimeType } from '@/domain/schemas';

/** A photo the device could not decode or re-encode (HEIC outside Safari, a damaged file). */
export class CompressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompressionError';
  }
}

const answer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), blob: z.instanceof(Blob) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

/** HEIC is not widely decodable; what comes out of the compressor is JPEG. */
function compressedType(mime: DocumentMimeType): DocumentMimeType {
  return mime === 'image/heic' || mime === 'image/heif' ? 'image/jpeg' : mime;
}

interface Job {
  file: Blob;
  name: string;
  fileType: string;
  maxSizeMB: number;
  maxWidthOrHeight: number;
}

function aborted(): DOMException {
  return new DOMException('The photo compression was stopped', 'AbortError');
}

function inWorker(job: Job, signal: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(aborted());
      return;
    }
    const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), {
      type: 'module',
    });
    const onAbort = () => {
      worker.terminate();
      reject(aborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<unknown>) => {
      settle();
      const parsed = answer.safeParse(event.data);
      if (!parsed.success) reject(new CompressionError('The photo compressor answered oddly'));
      else if (parsed.data.ok) resolve(parsed.data.blob);
      else reject(new CompressionError(parsed.data.message));
    };
    worker.onerror = (event) => {
      settle();
      reject(new CompressionError(event.message || 'The photo compressor failed to start'));
    };
    worker.postMessage(job);
  });
}

/** Browsers without OffscreenCanvas in workers (Safari before 16.4): the same library, here. */
async function onMainThread(job: Job, signal: AbortSignal): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  const input = new File([job.file], job.name, { type: job.file.type });
  try {
    return await imageCompression(input, {
      maxSizeMB: job.maxSizeMB,
      maxWidthOrHeight: job.maxWidthOrHeight,
      fileType: job.fileType,
      initialQuality: 0.85,
      useWebWorker: false,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw aborted();
    throw new CompressionError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Makes a photo about 1.5 MB or less and at most 2560 px on its long side (legible: an A4
 * page at about 300 dpi), in a worker so the page stays responsive. Loaded through
 * ./index.ts only when the upload queue has a photo to make smaller, so neither this module
 * nor the library is in any page's initial load. Rejects with a CompressionError when the
 * photo cannot be compressed, and an AbortError when `signal` aborts.
 */
export async function compressPhoto(
  file: Blob,
  name: string,
  mime: DocumentMimeType,
  signal: AbortSignal,
): Promise<{ blob: Blob; mime: DocumentMimeType }> {
  const type = compressedType(mime);
  const job: Job = {
    file,
    name,
    fileType: type,
    maxSizeMB: PHOTO_TARGET_BYTES / (1024 * 1024),
    maxWidthOrHeight: PHOTO_MAX_SIDE,
  };
  const workerCanDraw = typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
  let blob: Blob;
  if (!workerCanDraw) {
    blob = await onMainThread(job, signal);
  } else {
    try {
      blob = await inWorker(job, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      blob = await onMainThread(job, signal);
    }
  }
  return { blob, mime: type };
}
