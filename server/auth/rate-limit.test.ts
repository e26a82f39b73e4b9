import { describe, expect, it } from 'vitest';
import { rateLimitBucket } from './rate-limit.ts';

describe('rateLimitBucket', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['127.255.10.9', 'loopback'],
    ['::ffff:127.0.0.7', 'loopback'],
    ['::1', 'loopback'],
  ])('counts every loopback address (%s) as one client', (ip, bucket) => {
    expect(rateLimitBucket(ip)).toBe(bucket);
  });

  it('keeps other IPv4 clients apart, mapped or not', () => {
    expect(rateLimitBucket('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitBucket('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitBucket('198.51.100.8')).not.toBe(rateLimitBucket('198.51.100.7'));
  });

  it('counts an IPv6 /64 as one client, however it is written', () => {
    const a = rateLimitBucket('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(rateLimitBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(rateLimitBucket('2001:DB8:1:2:0:0:0:99%eth0')).toBe(a);
    expect(rateLimitBucket('2001:db8:1:3::1')).not.toBe(a);
  });
});
