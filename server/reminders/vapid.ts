import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function isVapidKeys(v: unknown): v is VapidKeys {
  return (
    typeof v === 'object' &&
    v !== null &&
    'publicKey' in v &&
    typeof v.publicKey === 'string' &&
    v.publicKey.length > 40 &&
    'privateKey' in v &&
    typeof v.privateKey === 'string' &&
    v.privateKey.length > 20
  );
}

/**
 * The server's VAPID key pair: generated on first run and kept under the data directory, so
 * browsers subscribed with the public key keep receiving pushes after a restart. A 'memory'
 * server gets a fresh pair each start.
 */
export function resolveVapidKeys(dataDir: string, given?: VapidKeys): VapidKeys {
  if (given) return given;
  if (dataDir === 'memory') return webpush.generateVAPIDKeys();
  const file = path.join(dataDir, 'vapid.json');
  try {
    const existing: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (isVapidKeys(existing)) return existing;
  } catch {
    // first run
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}
