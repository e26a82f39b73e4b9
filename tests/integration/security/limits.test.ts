// Body and header limits: an oversized request is refused with the right error shape before
// it is buffered, and the server keeps answering everyone else afterwards.
import net from 'node:net';
import { expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';

const MiB = 1024 * 1024;

/** Sends raw bytes and returns the status line and headers of the answer (or '' on reset). */
function rawRequest(url: string, head: string, body: Buffer | string = ''): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let out = '';
    socket.on('data', (d: Buffer) => {
      out += d.toString('latin1');
    });
    socket.on('error', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.write(head);
    if (body.length > 0) socket.write(body, () => socket.end());
    else socket.end();
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

async function stillServing(ctx: SuiteContext): Promise<void> {
  const ok = await rawFetch(ctx.server, '/rest/v1/policy_types?select=id&limit=1');
  expect(ok.status).toBe(200);
}

const oversized = [
  { area: 'REST insert', path: '/rest/v1/callbacks', shape: { code: 'PGRST413' } },
  { area: 'REST rpc', path: '/rest/v1/rpc/sync_push', shape: { code: 'PGRST413' } },
  {
    area: 'auth sign-up',
    path: '/auth/v1/signup',
    shape: { code: 413, error_code: 'request_too_large' },
  },
  {
    area: 'auth token',
    path: '/auth/v1/token?grant_type=password',
    shape: { code: 413, error_code: 'request_too_large' },
  },
];

forEachDatabase('request limits', { seedFile: null }, (ctx) => {
  it.each(oversized)('$area: a body over 1 MiB answers 413 in its API’s shape', async (c) => {
    const body = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(MiB + 10) });
    const res = await rawFetch(ctx.server, c.path, { method: 'POST', body });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject(c.shape);
    await stillServing(ctx);
  });

  it('a declared Content-Length over the limit is refused before any body is sent', async () => {
    const answer = await rawRequest(
      ctx.server.url,
      `POST /rest/v1/callbacks HTTP/1.1\r\nHost: x\r\napikey: ${ctx.server.anonKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${50 * MiB}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    await stillServing(ctx);
  });

  it('a chunked body that grows past the limit is cut off with 413', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const chunks = Array.from({ length: 6 }, () =>
      Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
    );
    const answer = await rawRequest(
      ctx.server.url,
      `POST /rest/v1/callbacks HTTP/1.1\r\nHost: x\r\napikey: ${ctx.server.anonKey}\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')]),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    await stillServing(ctx);
  });

  it('headers larger than the server accepts answer 431 and nothing else breaks', async () => {
    const answer = await rawRequest(
      ctx.server.url,
      `GET /rest/v1/policy_types HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (431|400)/);
    await stillServing(ctx);
  });

  it('a request line that is not HTTP answers 400 and nothing else breaks', async () => {
    const answer = await rawRequest(ctx.server.url, 'HELLO\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    await stillServing(ctx);
  });

  it('a URL of 100,000 characters is refused without taking the server down', async () => {
    const answer = await rawRequest(
      ctx.server.url,
      `GET /rest/v1/policy_types?select=${'id,'.repeat(33_000)}id HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (414|431|400)/);
    await stillServing(ctx);
  });
});
