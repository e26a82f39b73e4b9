// Issue 14, items 5 (static host), 6 and 10: the app host and the API's HTTP plumbing, probed as
// an attacker would (raw request lines, other origins, other machines).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../scripts/security-headers/plugin';
import { isLoopbackAddress } from '../../../server/mailbox';
import {
  apiOrigins,
  appHeaderRules,
  formatHeadersFile,
  headersFor,
  parseHeadersFile,
} from '../../../server/security-headers';
import { serveDist, type StaticServer } from '../../../server/static';
import { forEachDatabase, testDatabase, databaseKinds } from '../../helpers/server';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-BUILD';
const BOOT = "console.log('boot')";
// sha256 of BOOT, computed with `printf "console.log('boot')" | openssl dgst -sha256 -binary | base64`.
const BOOT_HASH = 'sha256-dX6EEO4CkEfZgqnVNdu5UI3HDbcDW4LRHOVCLkREbkA=';
const API_URL = 'http://127.0.0.1:54321';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` byte for byte (fetch would normalise the path) and reads until the server closes. */
function rawRequest(baseUrl: string, head: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text
        .slice(0, split < 0 ? text.length : split)
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      done({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: split < 0 ? '' : text.slice(split + 4),
      });
    });
    socket.write(head);
  });
}

const get = (baseUrl: string, target: string, method = 'GET') =>
  rawRequest(
    baseUrl,
    `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
  );

const indexHtml = `<!doctype html><html><head><title>home</title></head><body><h1>home page</h1>
<script type="application/ld+json">{"@type":"WebSite"}</script>
<script type="module">${BOOT}</script></body></html>`;

/** A build as the real one looks to the host: pages, assets, a service worker and _headers. */
function makeBuild(withHeaders = true): { top: string; dist: string } {
  const top = mkdtempSync(join(tmpdir(), 'bimaguide-host-'));
  const dist = join(top, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(top, 'secret.txt'), SECRET);
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'shell.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(dist, 'about.html'), '<!doctype html><h1>about page</h1>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export const app = 1;');
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), `// ${'x'.repeat(4 * 1024 * 1024)}`);
  writeFileSync(join(dist, '.env'), SECRET);
  symlinkSync(join(top, 'secret.txt'), join(dist, 'link.txt'));
  symlinkSync(top, join(dist, 'up'));
  if (withHeaders) {
    const rules = appHeaderRules({ apiUrl: API_URL, scriptHashes: inlineScriptHashes(indexHtml) });
    writeFileSync(join(dist, '_headers'), formatHeadersFile(rules));
  }
  return { top, dist };
}

const EXPECTED_CSP = [
  "default-src 'self'",
  `script-src 'self' '${BOOT_HASH}'`,
  "worker-src 'self'",
  `connect-src 'self' ${API_URL} ws://127.0.0.1:54321`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function expectAppHeaders(headers: Record<string, string>, csp = EXPECTED_CSP): void {
  expect(headers['content-security-policy']).toBe(csp);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=(self)');
  expect(headers['permissions-policy']).toContain('geolocation=()');
  expect(headers['permissions-policy']).toContain('microphone=()');
  expect(headers['permissions-policy']).toContain('payment=()');
  expect(headers['permissions-policy']).toContain('usb=()');
}

describe('static host: hostile paths', () => {
  let build: { top: string; dist: string };
  let app: StaticServer;

  beforeAll(async () => {
    build = makeBuild();
    app = await serveDist(build.dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(build.top, { recursive: true, force: true });
  });

  it.each([
    ['a lone percent sign', '/%', 400],
    ['a bad escape', '/%zz', 400],
    ['truncated UTF-8', '/%E0%A4%A', 400],
    ['overlong UTF-8 dots', '/%C0%AE%C0%AE/secret.txt', 400],
    ['an encoded NUL', '/%00', 400],
    ['an encoded NUL before an extension', '/about%00.html', 400],
    ['encoded slashes after dot segments', '/..%2f..%2fsecret.txt', 400],
    ['one encoded slash', '/..%2fsecret.txt', 400],
    ['encoded dots', '/%2e%2e/secret.txt', 400],
    ['encoded dots and slash, upper case', '/%2E%2E%2Fsecret.txt', 400],
    ['a raw backslash', '/..\\secret.txt', 400],
    ['encoded backslashes', '/%5c..%5csecret.txt', 400],
    ['encoded dots and backslash', '/%2e%2e%5csecret.txt', 400],
    ['a raw dot-dot segment', '/../secret.txt', 400],
    ['dot-dot segments below a real folder', '/assets/../../secret.txt', 400],
    ['a single-dot segment', '/./about', 400],
    ['an absolute-form target', 'http://localhost/../secret.txt', 400],
    ['an asterisk target', '*', 400],
    ['a symbolic link to a file outside', '/link.txt', 404],
    ['a symbolic link to a folder outside', '/up/secret.txt', 404],
    ['a dotfile', '/.env', 404],
    ['the host configuration', '/_headers', 404],
    ['a missing script', '/assets/missing.js', 404],
  ])('%s (%s) answers %i and nothing from outside the build', async (_name, target, status) => {
    const response = await get(app.url, target);
    expect(response.status).toBe(status);
    expect(response.body).not.toContain(SECRET);
    expectAppHeaders(response.headers);
    // …and the host is still there for the next visitor.
    expect((await get(app.url, '/about')).status).toBe(200);
  });

  it('answers a request line that is not HTTP with 400 and keeps serving', async () => {
    const response = await rawRequest(app.url, 'GARBAGE\r\n\r\n');
    expect(response.status).toBe(400);
    expect((await get(app.url, '/')).status).toBe(200);
  });

  it('survives a client that leaves in the middle of a large file', async () => {
    const { hostname, port } = new URL(app.url);
    await new Promise<void>((done) => {
      const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
      socket.once('data', () => {
        socket.destroy();
        done();
      });
      socket.write('GET /assets/big-abc123.js HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    const response = await get(app.url, '/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe('export const app = 1;');
  });
});

describe('static host: what it serves', () => {
  let build: { top: string; dist: string };
  let app: StaticServer;

  beforeAll(async () => {
    build = makeBuild();
    app = await serveDist(build.dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(build.top, { recursive: true, force: true });
  });

  it.each([
    ['/', 'home page', 'text/html; charset=utf-8'],
    ['/about', 'about page', 'text/html; charset=utf-8'],
    ['/about?utm_source=x', 'about page', 'text/html; charset=utf-8'],
    ['/policy-tracker', 'app shell', 'text/html; charset=utf-8'],
    ['/news/some%20article', 'app shell', 'text/html; charset=utf-8'],
    ['/sw.js', 'addEventListener', 'text/javascript; charset=utf-8'],
  ])('GET %s: the right file with every security header', async (target, text, type) => {
    const response = await get(app.url, target);
    expect(response.status).toBe(200);
    expect(response.body).toContain(text);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('no-cache');
    expectAppHeaders(response.headers);
  });

  it('serves hashed assets as immutable scripts that cannot be sniffed as anything else', async () => {
    const response = await get(app.url, '/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectAppHeaders(response.headers);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(app.url, '/about', 'HEAD');
    const full = await get(app.url, '/about');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(full.body)));
    expectAppHeaders(head.headers);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'])(
    '%s answers 405 with Allow: GET, HEAD',
    async (method) => {
      const response = await get(app.url, '/about', method);
      expect(response.status).toBe(405);
      expect(response.headers['allow']).toBe('GET, HEAD');
      expect(response.body).not.toContain('about page');
      expectAppHeaders(response.headers);
    },
  );

  it('a build without _headers still gets the strictest policy (no inline script, no API)', async () => {
    const bare = makeBuild(false);
    const strict = await serveDist(bare.dist);
    try {
      const response = await get(strict.url, '/');
      expect(response.status).toBe(200);
      expectAppHeaders(
        response.headers,
        EXPECTED_CSP.replace(` '${BOOT_HASH}'`, '').replace(` ${API_URL} ws://127.0.0.1:54321`, ''),
      );
    } finally {
      await strict.close();
      rmSync(bare.top, { recursive: true, force: true });
    }
  });
});

describe('the headers file', () => {
  it('hashes executable inline scripts only', () => {
    expect(inlineScriptHashes(indexHtml)).toEqual([BOOT_HASH]);
    expect(
      inlineScriptHashes(
        '<script>' +
          '</script><script type="text/javascript">' +
          BOOT +
          '</script><script src="/a.js"></script><script type="module" crossorigin src="/b.js"></script>',
      ),
    ).toEqual(['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', BOOT_HASH]);
  });

  it('refuses a page with an inline event handler, which no hash can allow', () => {
    expect(() => inlineScriptHashes('<img src="x.png" onerror="alert(1)">')).toThrow(
      /inline event handler/,
    );
  });

  it.each([
    [undefined, []],
    ['http://127.0.0.1:54321', ['http://127.0.0.1:54321', 'ws://127.0.0.1:54321']],
    ['https://abcd.supabase.co/', ['https://abcd.supabase.co', 'wss://abcd.supabase.co']],
    [
      'https://abcd.supabase.co/some/path?x=1',
      ['https://abcd.supabase.co', 'wss://abcd.supabase.co'],
    ],
  ])('the API %s may be reached at %j', (apiUrl, origins) => {
    expect(apiOrigins(apiUrl)).toEqual(origins);
  });

  it.each([
    'javascript:alert(1)',
    'not a url',
    'ftp://x.test',
    'https://x.test;script-src/',
    "https://x.test'/",
    'https://a,b.test',
  ])('a build against %j fails instead of writing a broken policy', (apiUrl) => {
    expect(() => appHeaderRules({ apiUrl })).toThrow();
  });

  it('reads the Netlify / Cloudflare Pages format as those hosts do', () => {
    const rules = parseHeadersFile(
      [
        '# a comment',
        '/*',
        '  X-Frame-Options: DENY',
        '  Link: </a.css>; rel=preload',
        '',
        '/assets/*',
        '  Cache-Control: immutable',
        '/*.html',
        '  Link: </b.js>; rel=modulepreload',
      ].join('\n'),
    );
    expect(headersFor(rules, '/assets/x.js')).toEqual({
      'X-Frame-Options': 'DENY',
      Link: '</a.css>; rel=preload',
      'Cache-Control': 'immutable',
    });
    expect(headersFor(rules, '/about.html')).toEqual({
      'X-Frame-Options': 'DENY',
      Link: '</a.css>; rel=preload, </b.js>; rel=modulepreload',
    });
  });

  it('refuses a header line outside a path block or a name that is not a token', () => {
    expect(() => parseHeadersFile('  X-Frame-Options: DENY\n')).toThrow();
    expect(() => parseHeadersFile('/*\n  Bad Name: x\n')).toThrow();
  });

  it('writes what it reads back', () => {
    const rules = appHeaderRules({ apiUrl: API_URL, scriptHashes: [BOOT_HASH] });
    expect(parseHeadersFile(formatHeadersFile(rules))).toEqual(rules);
  });
});

describe('npm start: one process for the API and the app', () => {
  let build: { top: string; dist: string };
  let child: ChildProcess;
  let urls: { api: string; app: string };

  beforeAll(async () => {
    build = makeBuild();
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('fixtures/serve-both.ts', import.meta.url)),
        build.dist,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    urls = await new Promise((done, fail) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) done(JSON.parse(out) as { api: string; app: string });
      });
      child.once('exit', (code) => fail(new Error(`the server exited with ${code}`)));
    });
  });
  afterAll(() => {
    child.kill('SIGKILL');
    rmSync(build.top, { recursive: true, force: true });
  });

  const request = (port: 'app' | 'api', head: string) => () => rawRequest(urls[port], head);
  const line = (port: 'app' | 'api', target: string) =>
    request(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  /** Sends the start of a request and leaves without waiting for an answer. */
  const hangUp = (port: 'app' | 'api', head: string) => () =>
    new Promise<void>((done) => {
      const { hostname, port: number } = new URL(urls[port]);
      const socket = connect(Number(number), hostname === 'localhost' ? '127.0.0.1' : hostname);
      socket.write(head, () => setTimeout(() => socket.destroy(), 50));
      socket.on('close', () => done());
      socket.on('error', () => done());
    });

  it.each([
    ['app: a lone percent sign', line('app', '/%')],
    ['app: an encoded NUL', line('app', '/%00')],
    ['app: traversal with encoded slashes', line('app', '/..%2f..%2fsecret.txt')],
    ['app: overlong UTF-8', line('app', '/%C0%AE')],
    ['app: an asterisk target', line('app', '*')],
    ['app: not HTTP at all', request('app', 'GARBAGE\r\n\r\n')],
    [
      'app: a body nobody reads, then gone',
      hangUp('app', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc'),
    ],
    [
      'app: gone in the middle of a large file',
      hangUp('app', 'GET /assets/big-abc123.js HTTP/1.1\r\nHost: x\r\n\r\n'),
    ],
    ['api: a lone percent sign', line('api', '/%')],
    ['api: bad escapes in a REST path', line('api', '/rest/v1/%zz')],
    ['api: an encoded NUL in an auth path', line('api', '/auth/v1/%00')],
    ['api: an invalid absolute-form target', line('api', 'http://[::1/')],
    [
      'api: an unparsable Content-Length',
      request('api', 'GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'),
    ],
    [
      'api: half a REST body, then gone',
      hangUp(
        'api',
        'POST /rest/v1/policies HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"a":',
      ),
    ],
    [
      'api: half an auth body, then gone',
      hangUp(
        'api',
        'POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"e',
      ),
    ],
    [
      'api: a 20 kB header',
      request('api', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    ],
  ])('%s: the process lives on and both ports answer', async (_name, attack) => {
    await attack();
    expect(child.exitCode).toBeNull();
    expect((await get(urls.api, '/health')).status).toBe(200);
    expect((await get(urls.app, '/about')).status).toBe(200);
  });
});

const SITE = 'http://site.test:4173';
const EVIL = 'https://evil.example';

/** A request with headers fetch will not let us set (Host), from a chosen local address. */
function httpGet(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        done({ status: res.statusCode ?? 0, headers: flat, body });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

forEachDatabase('API: headers and CORS', { siteUrl: SITE }, (ctx) => {
  it.each([
    ['the health check', 'GET', '/health'],
    ['an unknown route', 'GET', '/nope'],
    ['REST without a key', 'GET', '/rest/v1/policies'],
    ['auth settings', 'GET', '/auth/v1/settings'],
    ['a preflight', 'OPTIONS', '/rest/v1/policies'],
    ['the dev mailbox page', 'GET', '/_dev/mail'],
  ])('%s carries nosniff and a CSP that forbids framing', async (_name, method, path) => {
    const response = await httpGet(`${ctx.server.url}${path}`, { Origin: EVIL }, method);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['/rest/v1/policy_types?select=id', '/auth/v1/settings'])(
    'GET %s from another origin: readable by anyone, never with credentials',
    async (path) => {
      const response = await httpGet(`${ctx.server.url}${path}`, {
        Origin: EVIL,
        apikey: ctx.server.anonKey,
      });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it.each([
    '/rest/v1/policies',
    '/auth/v1/token?grant_type=password',
    '/functions/v1/vapid-public-key',
  ])(
    'a preflight for %s allows every header supabase-js sends, without credentials',
    async (path) => {
      const sent =
        'apikey, authorization, content-type, x-client-info, prefer, accept-profile, content-profile, x-supabase-api-version, range';
      const response = await httpGet(
        `${ctx.server.url}${path}`,
        {
          Origin: SITE,
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': sent,
        },
        'OPTIONS',
      );
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toContain('PATCH');
      const allowed = (response.headers['access-control-allow-headers'] ?? '').toLowerCase();
      for (const name of sent.split(', ')) expect(allowed).toContain(name);
    },
  );

  it('exposes the response headers supabase-js reads (counts, API version)', async () => {
    const response = await httpGet(`${ctx.server.url}/rest/v1/policy_types`, { Origin: SITE });
    const exposed = (response.headers['access-control-expose-headers'] ?? '').toLowerCase();
    for (const name of ['content-range', 'x-supabase-api-version', 'x-total-count', 'location']) {
      expect(exposed).toContain(name);
    }
  });
});

forEachDatabase('API: the dev mailbox on a loopback API', { siteUrl: SITE }, (ctx) => {
  const mail = () => `${ctx.server.url}/_dev/mail.json`;

  beforeAll(async () => {
    const response = await fetch(`${ctx.server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: ctx.server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'mailbox-user@example.com', password: 'secret-pass-1' }),
    });
    expect(response.status).toBe(200);
    const recover = await fetch(`${ctx.server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: ctx.server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'mailbox-user@example.com' }),
    });
    expect(recover.status).toBe(200);
  });

  it('a tool on this machine reads the mail, reset link included', async () => {
    const response = await httpGet(mail(), {});
    expect(response.status).toBe(200);
    const mails = JSON.parse(response.body) as { to: string; kind: string; link: string }[];
    expect(mails.find((m) => m.kind === 'recovery')?.to).toBe('mailbox-user@example.com');
  });

  it.each([
    ['JSON', '/_dev/mail.json'],
    ['page', '/_dev/mail'],
  ])('a page on another origin cannot read the %s', async (_kind, path) => {
    const response = await httpGet(`${ctx.server.url}${path}`, { Origin: EVIL });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['vary']).toContain('Origin');
  });

  it('nor get a preflight through', async () => {
    const response = await httpGet(
      mail(),
      { Origin: EVIL, 'Access-Control-Request-Method': 'GET' },
      'OPTIONS',
    );
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("the site's own origin may read it, without credentials", async () => {
    const response = await httpGet(mail(), { Origin: SITE });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(['evil.example', 'evil.example:54321', '192.0.2.55', 'bad host'])(
    'a request naming host %j (DNS rebinding) gets 404',
    async (host) => {
      const response = await httpGet(mail(), { Host: host });
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('mailbox-user');
    },
  );

  it.each(['localhost', '127.0.0.1', 'app.localhost'])(
    'a request naming %s is answered',
    async (host) => {
      const port = new URL(ctx.server.url).port;
      const response = await httpGet(mail(), { Host: `${host}:${port}` });
      expect(response.status).toBe(200);
    },
  );

  it.each(['POST', 'DELETE'])('%s to the mailbox is not a route', async (method) => {
    const response = await httpGet(mail(), {}, method);
    expect(response.status).toBe(404);
  });
});

/** An address of this machine that is not loopback, to connect from "another machine". */
function externalAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? [])
      if (!entry.internal && entry.family === 'IPv4') return entry.address;
  }
  throw new Error('These tests need a network interface besides loopback');
}

describe.each(databaseKinds())('API: the dev mailbox on other interfaces [%s]', (kind) => {
  it('is off when the API binds every interface, even for loopback clients', async () => {
    const server = await testDatabase(kind).start({ host: '0.0.0.0', siteUrl: SITE });
    try {
      expect(server.devMailbox).toBe(false);
      for (const path of ['/_dev/mail.json', '/_dev/mail']) {
        const response = await httpGet(`${server.url}${path}`, {});
        expect(response.status).toBe(404);
      }
      expect((await httpGet(`${server.url}/health`, {})).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('explicitly enabled, it still answers loopback clients only', async () => {
    const server = await testDatabase(kind).start({
      host: '0.0.0.0',
      siteUrl: SITE,
      devMailbox: true,
    });
    try {
      const port = new URL(server.url).port;
      expect((await httpGet(`http://127.0.0.1:${port}/_dev/mail.json`, {})).status).toBe(200);
      const remote = await httpGet(`http://${externalAddress()}:${port}/_dev/mail.json`, {
        Host: `localhost:${port}`,
      });
      expect(remote.status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('can be switched off on loopback too', async () => {
    const server = await testDatabase(kind).start({ siteUrl: SITE, devMailbox: false });
    try {
      expect((await httpGet(`${server.url}/_dev/mail.json`, {})).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('loopback addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fd00::2', false],
    ['fe80::1%eth0', false],
    ['128.0.0.1', false],
    ['localhost', false],
    ['', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});
