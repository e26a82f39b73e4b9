// Precompressed files for the static host (issue 22): every real host sends text compressed, so
// `npm start` does too. The build writes `<file>.br` and `<file>.gz` beside each text file once
// (brotli at its best quality is too slow to run per request); the host picks one per request.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipAsync(bytes, { level: 9 });
}

/**
 * Writes the brotli and gzip versions of every compressible file under `dir` that gets smaller,
 * and returns how many files it compressed. Run last in the build: a file changed after it
 * would be served stale to every browser that accepts compression. The files are compressed
 * side by side on libuv's threads (one at a time, brotli's best quality took 12 s of a build).
 */
export async function precompress(dir: string): Promise<number> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter((path) => compressibleExtensions.has(extname(path)) && statSync(path).isFile());
  const written = await Promise.all(
    files.map(async (path) => {
      const bytes = await readFile(path);
      if (bytes.length < MIN_BYTES) return 0;
      let count = 0;
      for (const encoding of encodings) {
        const compressed = await compress(bytes, encoding);
        if (compressed.length >= bytes.length) continue;
        await writeFile(path + encodingSuffix[encoding], compressed);
        count += 1;
      }
      return count;
    }),
  );
  return written.reduce((sum, count) => sum + count, 0);
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
