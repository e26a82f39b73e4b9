import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthRateLimits } from './config.ts';
import { AuthError } from './errors.ts';

const FIVE_MINUTES = 300;
const ONE_HOUR = 3600;

/**
 * GoTrue keeps one limiter per endpoint family; those that share a config.toml key still count
 * separately (a sign-up does not use up a sign-in).
 */
export type RateBucket =
  'password' | 'signup' | 'recover' | 'resend' | 'token' | 'verify' | 'passwordAddress' | 'email';

function limiters(l: AuthRateLimits): Record<RateBucket, RateLimiterMemory> {
  const make = (points: number, duration: number, keyPrefix: RateBucket) =>
    new RateLimiterMemory({ points, duration, keyPrefix });
  return {
    password: make(l.signInSignUps, FIVE_MINUTES, 'password'),
    signup: make(l.signInSignUps, FIVE_MINUTES, 'signup'),
    recover: make(l.signInSignUps, FIVE_MINUTES, 'recover'),
    resend: make(l.signInSignUps, FIVE_MINUTES, 'resend'),
    token: make(l.tokenRefresh, FIVE_MINUTES, 'token'),
    verify: make(l.tokenVerifications, FIVE_MINUTES, 'verify'),
    passwordAddress: make(l.passwordAttemptsPerAddress, FIVE_MINUTES, 'passwordAddress'),
    email: make(l.emailSent, ONE_HOUR, 'email'),
  };
}

function tooMany(bucket: RateBucket, msBeforeNext: number): AuthError {
  const headers = { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) };
  return bucket === 'email'
    ? new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded', {}, headers)
    : new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, headers);
}

export class AuthRateLimiter {
  private readonly buckets: Record<RateBucket, RateLimiterMemory>;

  constructor(readonly limits: AuthRateLimits) {
    this.buckets = limiters(limits);
  }

  /** Counts one request against `key`; throws GoTrue's 429 once the bucket is empty. */
  async hit(bucket: RateBucket, key: string): Promise<void> {
    try {
      await this.buckets[bucket].consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(bucket, e.msBeforeNext);
      throw e;
    }
  }

  /** Gives back a point, e.g. after a correct password (only failures count per address). */
  async refund(bucket: RateBucket, key: string): Promise<void> {
    await this.buckets[bucket].reward(key, 1);
  }
}

/** The eight 16-bit groups of an IPv6 address (no zone, no embedded IPv4). */
function ipv6Groups(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const h = parse(head);
  const t = tail === undefined ? [] : parse(tail);
  return [...h, ...Array<number>(Math.max(0, 8 - h.length - t.length)).fill(0), ...t];
}

/**
 * The bucket an address counts in. One host owns a whole range: every 127.0.0.0/8 address
 * reaches a loopback listener, and an IPv6 host is usually handed a /64, so each of those is
 * one client (otherwise `curl --interface 127.0.0.N` starts a fresh allowance every time).
 */
export function rateLimitBucket(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (v4) return v4.startsWith('127.') ? 'loopback' : v4;
  if (net.isIPv6(bare)) {
    if (bare === '::1') return 'loopback';
    if (bare.includes('.')) return bare;
    return `${ipv6Groups(bare)
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`;
  }
  return bare;
}

/**
 * The address rate limits are keyed on: the socket's peer. X-Forwarded-For is anyone's to write,
 * so it is read only when the server is told it sits behind a proxy, and then its last entry
 * (the one that proxy added) counts.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers['x-forwarded-for'];
    const list = (Array.isArray(xff) ? xff.join(',') : (xff ?? '')).split(',');
    const last = list
      .map((s) => s.trim())
      .filter((s) => net.isIP(s) !== 0)
      .at(-1);
    if (last) return rateLimitBucket(last);
  }
  return rateLimitBucket(req.socket.remoteAddress ?? 'unknown');
}
