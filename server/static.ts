import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import {
  acceptedEncodings,
  compressibleExtensions,
  encodingSuffix,
  type Encoding,
} from './compression.ts';
import {
  appHeaderRules,
  headersFor,
  parseHeadersFile,
  type HeaderRule,
} from './security-headers.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The precompressed version of `file` the request accepts, if the build wrote one (see
 * compression.ts); otherwise the file as it is.
 */
async function representation(
  root: string,
  file: string,
  size: number,
  req: IncomingMessage,
): Promise<{ file: string; size: number; encoding: Encoding | null }> {
  if (compressibleExtensions.has(extname(file))) {
    for (const encoding of acceptedEncodings(req)) {
      const compressed = await regularFile(root, file + encodingSuffix[encoding]);
      if (compressed) return { ...compressed, encoding };
    }
  }
  return { file, size, encoding: null };
}

/** What a static host reads as its configuration, and dotfiles (bar .well-known), is not served. */
const hidden = (name: string) =>
  name === '_headers' || name === '_redirects' || (name.startsWith('.') && name !== '.well-known');

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

type Resolved = { status: 200; file: string; size: number } | { status: 400 | 404 };

/**
 * The request path as a path under the build, or null when no file could honestly be meant by
 * it: bad percent-encoding, NUL, backslashes or dot segments (a browser removes those before
 * sending, so only a probe for files outside the build sends them).
 */
function safePath(target: string): string | null {
  const raw = target.split(/[?#]/, 1)[0] ?? '';
  if (!raw.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(decoded)) return null;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return decoded;
}

async function regularFile(
  root: string,
  path: string,
): Promise<{ file: string; size: number } | null> {
  try {
    const file = await realpath(path);
    // A symbolic link out of the build is as good as a dot segment.
    if (!file.startsWith(root + sep) || hidden(basename(file))) return null;
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size } : null;
  } catch {
    return null;
  }
}

/** The file if present, else the pre-rendered page (`/about` → `about.html`), else the shell. */
async function resolveRequest(root: string, path: string | null): Promise<Resolved> {
  if (path === null) return { status: 400 };
  if (path.split('/').some(hidden)) return { status: 404 };
  const trimmed = path.replace(/\/+$/, '');
  for (const candidate of [
    join(root, path),
    join(root, path, 'index.html'),
    join(root, `${trimmed}.html`),
  ]) {
    const found = await regularFile(root, candidate);
    if (found) return { status: 200, ...found };
  }
  // A missing file stays missing (the service worker treats such paths as files too); anything
  // else is a client route the app shell handles.
  if (extname(trimmed) !== '') return { status: 404 };
  const shell = await regularFile(root, join(root, 'shell.html'));
  return shell ? { status: 200, ...shell } : { status: 404 };
}

function readRules(root: string): HeaderRule[] {
  const file = join(root, '_headers');
  // A build without the file still gets the strictest policy (no inline script, no API).
  return existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : appHeaderRules();
}

function sendText(res: ServerResponse, status: number, headers: Record<string, string>): void {
  const body = `${STATUS_CODES[status] ?? 'Error'}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

async function respond(
  root: string,
  rules: HeaderRule[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = safePath(req.url ?? '/');
  const policy = headersFor(rules, path ?? '/');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, { ...policy, Allow: 'GET, HEAD' });
    return;
  }
  const resolved = await resolveRequest(root, path);
  if (resolved.status !== 200) {
    sendText(res, resolved.status, policy);
    return;
  }
  const sent = await representation(root, resolved.file, resolved.size, req);
  res.writeHead(200, {
    'Content-Type': types[extname(resolved.file)] ?? 'application/octet-stream',
    'Content-Length': sent.size,
    'Cache-Control': 'no-cache',
    // Caches must keep the compressed and plain answers apart.
    ...(compressibleExtensions.has(extname(resolved.file)) ? { Vary: 'Accept-Encoding' } : {}),
    ...(sent.encoding ? { 'Content-Encoding': sent.encoding } : {}),
    ...policy,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A file that fails mid-read or a client that goes away ends this response only.
  pipeline(createReadStream(sent.file), res, () => undefined);
}

/**
 * Serves the production build like a static host with clean URLs would, with the headers the
 * build wrote into its `_headers` file (see server/security-headers.ts) on every response, and
 * text files brotli- or gzip-compressed as the browser accepts (precompressed by the build).
 */
export async function serveDist(dir = 'dist', port = 0, host = '127.0.0.1'): Promise<StaticServer> {
  if (!existsSync(join(resolve(dir), 'shell.html'))) {
    throw new Error(`No build found in ${resolve(dir)}; run "npm run build" first.`);
  }
  const root = await realpath(resolve(dir));
  const rules = readRules(root);
  const server: Server = createServer((req, res) => {
    respond(root, rules, req, res).catch(() => {
      // Last line of defence: answer, never crash (not even when answering fails).
      try {
        if (res.headersSent) res.destroy();
        else sendText(res, 500, headersFor(rules, '/'));
      } catch {
        res.destroy();
      }
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      // After listening, an error (say, out of file descriptors) costs a connection, not the process.
      server.on('error', (error) => console.error('Static host:', error.message));
      done();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${address.port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
