import {
  documentMimeTypes,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_POLICY,
  MAX_PHOTO_INPUT_BYTES,
  type DocumentMimeType,
} from '../schemas/policy-document';
import { messageRef, type MessageRef } from '../message';

/**
 * What may be attached to a policy, decided before anything is stored: the schema's types and
 * limits (the bucket's and the table's), and which files are made smaller on the device first.
 */

/** Photos above this are compressed on the device; the compressor aims at it too. */
export const PHOTO_TARGET_BYTES = 1.5 * 1024 * 1024;
/** The long side of a compressed photo: an A4 page at about 300 dpi, so small print stays legible. */
export const PHOTO_MAX_SIDE = 2560;

const byExtension: Record<string, DocumentMimeType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
};

function isDocumentMimeType(type: string): type is DocumentMimeType {
  return (documentMimeTypes as readonly string[]).includes(type);
}

/**
 * The stored type of a chosen file, or null when it cannot be attached. Browsers leave the
 * type empty (or generic) for files they do not know, HEIC photos on Chrome among them; the
 * name's extension then decides.
 */
export function documentMimeType(file: { name: string; type: string }): DocumentMimeType | null {
  const type = file.type.toLowerCase();
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  if (isDocumentMimeType(type)) return type;
  if (type !== '' && type !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension && byExtension[extension]) || null;
}

export function isImage(mime: DocumentMimeType): boolean {
  return mime !== 'application/pdf';
}

/** Whether the device makes the file smaller before storing it: large images only; a PDF never. */
export function shouldCompress(mime: DocumentMimeType, size: number): boolean {
  return isImage(mime) && size > PHOTO_TARGET_BYTES;
}

/** "820 KB", "1.4 MB", "12 MB": as file sizes are read, in 1024s. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
  const gb = mb / 1024;
  return `${gb < 10 ? gb.toFixed(1) : Math.round(gb)} GB`;
}

export interface PlannedFile<F> {
  file: F;
  mime: DocumentMimeType;
  compress: boolean;
}

export interface RefusedFile<F> {
  file: F;
  /** The sentence naming the file, by catalog id (the screen says it in the user's language). */
  reason: MessageRef;
}

export interface AttachPlan<F> {
  accepted: PlannedFile<F>[];
  refused: RefusedFile<F>[];
}

/**
 * Sorts the files chosen at once into those to store and those refused, each refusal with a
 * sentence naming the file. `liveCount` is how many documents the policy has now; files past
 * the 20th are refused, the earlier ones kept (in the order chosen).
 */
export function planAttachments<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
  liveCount: number,
): AttachPlan<F> {
  const plan: AttachPlan<F> = { accepted: [], refused: [] };
  let count = liveCount;
  for (const file of files) {
    const label = file.name.trim() === '' ? messageRef('documents.thisFile') : file.name;
    const refuse = (id: string, values: Record<string, string> = {}) =>
      plan.refused.push({ file, reason: messageRef(id, { label, ...values }) });
    const mime = documentMimeType(file);
    if (!mime) {
      refuse('documents.refusedType');
      continue;
    }
    if (file.size === 0) {
      refuse('documents.refusedEmpty');
      continue;
    }
    const compress = shouldCompress(mime, file.size);
    if (!compress && file.size > MAX_DOCUMENT_BYTES) {
      refuse('documents.refusedLarge', { size: formatBytes(file.size) });
      continue;
    }
    if (compress && file.size > MAX_PHOTO_INPUT_BYTES) {
      refuse('documents.refusedLargePhoto', { size: formatBytes(file.size) });
      continue;
    }
    // The catalog says the limit, MAX_DOCUMENTS_PER_POLICY (20).
    if (count >= MAX_DOCUMENTS_PER_POLICY) {
      refuse('documents.tooMany');
      continue;
    }
    count += 1;
    plan.accepted.push({ file, mime, compress });
  }
  return plan;
}

/**
 * What is kept after the device tried to make a photo smaller: the smaller of the original and
 * the compressed copy, or, when neither fits the 10 MB limit, the reason it cannot be uploaded
 * (said next to the file, which stays on the device). A compressor that failed (HEIC on a
 * browser that cannot decode it) leaves the original, which is kept when it fits.
 */
export function chooseStoredCopy<B extends { size: number }>(
  original: B,
  compressed: B | null,
): { ok: true; blob: B } | { ok: false; reason: MessageRef } {
  const best = compressed && compressed.size < original.size ? compressed : original;
  if (best.size <= MAX_DOCUMENT_BYTES) return { ok: true, blob: best };
  return {
    ok: false,
    reason: messageRef(compressed ? 'documents.kept.tooLarge' : 'documents.kept.notSmaller'),
  };
}

/**
 * The name a new document gets: the file's own, or for a camera photo (or a file without a
 * name) `photoName`, the time it was taken in the user's language (src/features/documents).
 */
export function defaultDocumentName(
  fileName: string,
  fromCamera: boolean,
  photoName: () => string,
): string {
  const trimmed = fileName.trim();
  return !fromCamera && trimmed !== '' ? trimmed.slice(0, 200) : photoName();
}
