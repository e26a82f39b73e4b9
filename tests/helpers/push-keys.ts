import crypto from 'node:crypto';

/**
 * Keys as a browser's PushSubscription.toJSON() gives them: a P-256 public key (65 bytes,
 * uncompressed) and a 16-byte auth secret, base64url. The database refuses anything else.
 */
export function pushKeys(): { p256dh: string; auth: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}
