import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

const compressible = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg)/;

export interface Proxy {
  url: string;
  close: () => Promise<void>;
}

/**
 * serveDist sends files uncompressed; every real static host and CDN gzips text. Lighthouse's
 * simulated 4G would otherwise charge the app for bytes no user downloads, so the browser
 * measurements go through this gzip layer in front of it.
 */
export async function gzipProxy(upstream: string): Promise<Proxy> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const forward = request(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (upstreamRes) => {
        const headers = { ...upstreamRes.headers };
        const type = String(headers['content-type'] ?? '');
        const accepts = String(req.headers['accept-encoding'] ?? '').includes('gzip');
        if (accepts && compressible.test(type)) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers['vary'] = 'Accept-Encoding';
          res.writeHead(upstreamRes.statusCode ?? 200, headers);
          upstreamRes.pipe(createGzip({ level: 6 })).pipe(res);
        } else {
          res.writeHead(upstreamRes.statusCode ?? 200, headers);
          upstreamRes.pipe(res);
        }
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
