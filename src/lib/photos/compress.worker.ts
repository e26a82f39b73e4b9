/// <reference lib="webworker" />
import imageCompression from 'browser-image-compression';
import { z } from 'zod';

/**
 * Compresses one photo off the main thread. browser-image-compression's own worker mode
 * builds a worker from a blob: URL and loads the library into it from a CDN, which the app's
 * CSP (worker-src and script-src 'self') and offline use both rule out; this module worker is
 * bundled and precached like the rest of the app and runs the library inside itself
 * (OffscreenCanvas), which is what its worker mode does too.
 */
const request = z.object({
  file: z.instanceof(Blob),
  name: z.string(),
  fileType: z.string(),
  maxSizeMB: z.number().positive(),
  maxWidthOrHeight: z.number().int().positive(),
});

self.onmessage = async (event: MessageEvent<unknown>) => {
  const parsed = request.safeParse(event.data);
  if (!parsed.success) {
    self.postMessage({ ok: false, message: 'Bad request to the photo compressor' });
    return;
  }
  const { file, name, fileType, maxSizeMB, maxWidthOrHeight } = parsed.data;
  try {
    const input = file instanceof File ? file : new File([file], name, { type: file.type });
    const blob = await imageCompression(input, {
      maxSizeMB,
      maxWidthOrHeight,
      fileType,
      initialQuality: 0.85,
      useWebWorker: false,
    });
    self.postMessage({ ok: true, blob });
  } catch (error) {
    self.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
