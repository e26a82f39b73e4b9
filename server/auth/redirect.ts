import net from 'node:net';
import { compileGlob } from './glob.ts';
import type { Glob } from './glob.ts';

/** Hostnames GoTrue treats as loopback, whose port may vary (RFC 8252 §7.3). */
const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
/** Schemes that run code or read local data instead of opening a page; never a redirect target. */
const DANGEROUS_SCHEMES = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
]);
const MAX_LENGTH = 4096;

/**
 * Browsers drop tabs and newlines and read '\' as '/', so an address holding them (or other
 * controls and spaces) means one thing to this check and another to the browser that follows it.
 */
function ambiguous(raw: string): boolean {
  for (const ch of raw) {
    const c = ch.codePointAt(0) ?? 0;
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f) || ch === '\\') return true;
  }
  return false;
}

function bareHostname(u: URL): string {
  return u.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function isLoopbackIp(ip: string): boolean {
  if (net.isIPv4(ip)) return ip.startsWith('127.');
  const mapped = /^::ffff:(.+)$/i.exec(ip)?.[1];
  if (mapped !== undefined) {
    if (net.isIPv4(mapped)) return mapped.startsWith('127.');
    // WHATWG writes a mapped IPv4 address in hex: ::ffff:7f00:1 is 127.0.0.1.
    return /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/i.test(mapped);
  }
  return ip === '::1';
}

/**
 * Which `redirect_to` addresses may receive tokens: GoTrue's IsRedirectURLValid. The site URL's
 * own host (same scheme and port; any port for loopback names), loopback IP addresses, and
 * anything matching an `additional_redirect_urls` glob; everything else falls back to the site
 * URL. Hosts are read as a browser reads them (WHATWG URL), so that what is checked is where the
 * browser goes.
 */
export class RedirectPolicy {
  private readonly site: URL;
  private readonly globs: Glob[];

  constructor(
    readonly siteUrl: string,
    allowList: readonly string[],
  ) {
    this.site = new URL(siteUrl);
    this.globs = allowList.map((pattern) => compileGlob(pattern, './'));
  }

  isAllowed(raw: string): boolean {
    if (raw === '' || raw.length > MAX_LENGTH || ambiguous(raw)) return false;
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return false;
    }
    if (DANGEROUS_SCHEMES.has(u.protocol) || u.username !== '' || u.password !== '') return false;
    const host = bareHostname(u);
    if (
      host === bareHostname(this.site) &&
      u.protocol === this.site.protocol &&
      (u.port === this.site.port || LOCALHOST_NAMES.has(host))
    ) {
      return true;
    }
    const isHttp = u.protocol === 'http:' || u.protocol === 'https:';
    if (DECIMAL_HOST.test(host)) return false;
    if (net.isIP(host) !== 0) return isLoopbackIp(host);
    if (isHttp && !REGULAR_HOSTNAME.test(host)) return false;
    return this.matchesAllowList(raw, u);
  }

  /** The address to send the browser to: the requested one when allowed, else the site URL. */
  target(raw: string | null | undefined): string {
    return raw && this.isAllowed(raw) ? raw : this.siteUrl;
  }

  /**
   * GoTrue matches the address as given, without its fragment. It must also match as the browser
   * writes it, so that a wildcard cannot swallow a '?' and move the host (`https://evil?.a.com/`
   * read against `https://*.a.com/**`). A bare origin is written with a trailing '/'.
   */
  private matchesAllowList(raw: string, u: URL): boolean {
    const given = raw.split('#', 1)[0] ?? '';
    const written = u.href.split('#', 1)[0] ?? '';
    const forms = [written];
    if (u.pathname === '/' && u.search === '' && written.endsWith('/')) {
      forms.push(written.slice(0, -1));
    }
    return this.globs.some((g) => g.match(given) && forms.some((f) => g.match(f)));
  }
}
