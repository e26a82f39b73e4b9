// Issue 22: the static host behind `npm start` sends text compressed, as a real host does, from
// the brotli and gzip files the build wrote; checked with real HTTP requests and raw bytes.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../server/compression';
import { serveDist, type StaticServer } from '../../../server/static';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with exactly these headers, the body as the bytes on the wire (not decoded). */
function get(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((done, fail) => {
    const req = request(
      { host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const page = `<!doctype html><html><body>${'<p>Bima Sugam explained simply.</p>'.repeat(200)}</body></html>`;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;
// A PNG is compressed already: whatever its bytes, it is sent as it is.
const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4096, 'a')]);

let dir: string;
let server: StaticServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bimaguide-compress-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'shell.html'), page.replace('Bima Sugam', 'Shell'));
  writeFileSync(join(dir, 'about.html'), page);
  writeFileSync(join(dir, 'assets', 'app.js'), script);
  writeFileSync(join(dir, 'assets', 'logo.png'), image);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  await precompress(dir);
  server = await serveDist(dir);
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressed files from the static host', () => {
  it('the build writes brotli and gzip beside text files, never beside images or tiny files', () => {
    expect(existsSync(join(dir, 'about.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'about.html.gz'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'logo.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo.png.gz'))).toBe(false);
    expect(existsSync(join(dir, 'robots.txt.br'))).toBe(false);
  });

  it('a browser accepting brotli gets brotli: right length, type and Vary, the same bytes decoded', async () => {
    const answer = await get(server.url, '/about', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(page) / 5);
    expect(brotliDecompressSync(answer.body).toString()).toBe(page);
  });

  it('gzip only, or brotli refused with q=0: gzip', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const answer = await get(server.url, '/assets/app.js', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length);
      expect(gunzipSync(answer.body).toString(), accept).toBe(script);
    }
  });

  it('no Accept-Encoding, identity only or everything refused: the file as it is, still Vary', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of cases) {
      const answer = await get(server.url, '/assets/app.js', headers);
      const label = JSON.stringify(headers);
      expect(answer.headers['content-encoding'], label).toBeUndefined();
      expect(answer.headers.vary, label).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length']), label).toBe(Buffer.byteLength(script));
      expect(answer.body.toString(), label).toBe(script);
    }
  });

  it('`*` accepts brotli; the shell fallback for a client route is compressed too', async () => {
    const answer = await get(server.url, '/policy-tracker', { 'accept-encoding': '*' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toContain('Shell explained');
  });

  it('an image is never compressed again and does not vary', async () => {
    const answer = await get(server.url, '/assets/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.equals(image)).toBe(true);
  });

  it('HEAD answers the headers GET would, with no body', async () => {
    const headers = { 'accept-encoding': 'br' };
    const full = await get(server.url, '/about', headers);
    const head = await get(server.url, '/about', headers, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});
