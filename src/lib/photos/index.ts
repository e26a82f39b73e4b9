import type { DocumentMimeType } from '@/domain/schemas';

/**
 * The photo compressor behind a dynamic import: this stub is all the tracker's pages carry;
 * the compressor and browser-image-compression load the first time the upload queue has a
 * photo to make smaller (and are precached, so that works offline too).
 */
export async function compressPhoto(
  photo: Blob,
  name: string,
  mime: DocumentMimeType,
  signal: AbortSignal,
): Promise<{ blob: Blob; mime: DocumentMimeType }> {
  const { compressPhoto: compress } = await import('./compress');
  return compress(photo, name, mime, signal);
}
