// Precompressed files for the static host (issue 22): every real host sends text compressed, so
// `npm start` does too. The build writes `<file>.br` and `<file>.gz` beside each text file once
// (brotli at its best quality is too slow to run per request); the host picks one per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** Text formats worth compressing; images, fonts and archives already are. */
export const compressibleExtensions = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.ico',
]);

export type Encoding = 'br' | 'gzip';

export const encodingSuffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Smaller files gain nothing a packet would notice, and cost a second lookup per request. */
const MIN_BYTES = 512;

const encodings: readonly Encoding[] = ['br', 'gzip'];

function compress(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipSync(bytes, { level: 9 });
}

/**
 * Writes the brotli and gzip versions of every compressible file under `dir` that gets smaller,
 * and returns how many files it compressed. Run last in the build: a file changed after it
 * would be served stale to every browser that accepts compression.
 */
export function precompress(dir: string): number {
  let count = 0;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  for (const file of files) {
    const path = join(dir, file);
    if (!compressibleExtensions.has(extname(file)) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    for (const encoding of encodings) {
      const compressed = compress(bytes, encoding);
      if (compressed.length >= bytes.length) continue;
      writeFileSync(path + encodingSuffix[encoding], compressed);
      count += 1;
    }
  }
  return count;
}

/**
 * The encodings the request accepts (Accept-Encoding with its q-values, `*` and `q=0` read by
 * `negotiator`), brotli first whenever it is accepted at all, as hosts with brotli do: it is
 * the smaller. An empty list means the file as it is (identity).
 */
export function acceptedEncodings(req: IncomingMessage): Encoding[] {
  const accepted = new Negotiator(req).encodings([...encodings]);
  return encodings.filter((encoding) => accepted.includes(encoding));
}
