import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

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

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the production build like a static host with clean URLs would: the file if present,
 * else the pre-rendered page (`/about` → `about.html`), else the app shell for client routes.
 */
export async function serveDist(dir = 'dist', port = 0, host = '127.0.0.1'): Promise<StaticServer> {
  const root = resolve(dir);
  if (!existsSync(join(root, 'shell.html'))) {
    throw new Error(`No build found in ${root}; run "npm run build" first.`);
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const safe = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    const isFile = (path: string) =>
      path.startsWith(root) && existsSync(path) && statSync(path).isFile();
    const candidates = [
      join(root, safe),
      join(root, safe, 'index.html'),
      join(root, `${safe.replace(/[/\\]+$/, '')}.html`),
    ];
    const file = candidates.find(isFile) ?? join(root, 'shell.html');
    const type = types[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${join(root, 'assets')}`);
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${address.port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
