import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// http_ece is what web-push encrypts with; the fake device uses it to decrypt (no types).
const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string },
  ): Buffer;
};

export interface ReceivedPush {
  device: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One browser's push subscription, with the private half a real browser keeps to itself. */
export interface FakeDevice {
  name: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** What the push service answers for this device: 201, or 410 once "unsubscribed". */
  status: number;
  decrypt(push: ReceivedPush): unknown;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  device(name: string, status?: number): FakeDevice;
  /** Pushes received for a device, decrypted. */
  payloadsFor(device: FakeDevice): unknown[];
  close(): Promise<void>;
}

/**
 * A push service on 127.0.0.1 that stores what it receives, like FCM or Mozilla's would. Plain
 * HTTP by default; with a certificate it speaks HTTPS, as real push services do.
 */
export async function startFakePushService(
  opts: { tls?: { key: string; cert: string } } = {},
): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const devices = new Map<string, FakeDevice>();
  const listener: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      if (req.method !== 'POST' || !device) {
        res.writeHead(404).end();
        return;
      }
      received.push({ device: name, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(device.status).end();
    });
  };
  const server = opts.tls
    ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, listener)
    : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = opts.tls ? 'https' : 'http';
  const url = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    device(name, status = 201) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16).toString('base64url');
      const device: FakeDevice = {
        name,
        endpoint: `${url}/push/${encodeURIComponent(name)}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth,
        status,
        decrypt: (push) =>
          JSON.parse(
            ece
              .decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
              .toString('utf8'),
          ) as unknown,
      };
      devices.set(name, device);
      return device;
    },
    payloadsFor(device) {
      return received.filter((r) => r.device === device.name).map((r) => device.decrypt(r));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
