// The response headers of the app and of the local API, in one place: the build writes the app's
// into dist/_headers (the file Netlify and Cloudflare Pages read), and the local static host
// (server/static.ts) sends what that file says, so every host serves the same policy.
import { z } from 'zod';

export interface HeaderRule {
  /** A path pattern in the _headers format: a literal path, `*` matching any run of characters. */
  path: string;
  headers: Record<string, string>;
}

export interface AppPolicyOptions {
  /** The Supabase API the build talks to (VITE_SUPABASE_URL); connections may go there. */
  apiUrl?: string | undefined;
  /** `sha256-…` sources of the inline scripts the build wrote into its pages. */
  scriptHashes?: readonly string[];
}

// The URL parser lets `;`, `'` and `,` through in a host name; in a CSP they would end the
// directive or the source, so only plain DNS names and IP literals pass.
const apiHost = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d+)?$|^\[[0-9a-f:.]+\](?::\d+)?$/i;
const apiUrlSchema = z
  .url({ protocol: /^https?$/ })
  .transform((value) => new URL(value))
  .refine((url) => apiHost.test(url.host), 'VITE_SUPABASE_URL has an unusable host name');

/** The API's origin and, for Supabase Realtime, its WebSocket twin (http → ws, https → wss). */
export function apiOrigins(apiUrl: string | undefined): string[] {
  if (!apiUrl) return [];
  const url = apiUrlSchema.parse(apiUrl);
  return [url.origin, `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

export function appContentSecurityPolicy({
  apiUrl,
  scriptHashes = [],
}: AppPolicyOptions = {}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...[...new Set(scriptHashes)].sort().map((hash) => `'${hash}'`)],
    ['worker-src', "'self'"],
    ['connect-src', "'self'", ...apiOrigins(apiUrl)],
    // Mantine writes its theme variables and component styles into <style> elements and style
    // attributes at run time; they cannot be hashed ahead of time.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((sources) => sources.join(' ')).join('; ');
}

/**
 * Features the app never uses are switched off, so an injected script or embedded page cannot
 * ask for them. The camera stays available to the app itself (document photos are planned).
 * Only features Chromium knows are named: an unknown one is reported as a console error.
 */
const permissionsPolicy = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

export function appHeaderRules(options: AppPolicyOptions = {}): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        'Content-Security-Policy': appContentSecurityPolicy(options),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': permissionsPolicy,
        'X-Frame-Options': 'DENY',
        'Cross-Origin-Opener-Policy': 'same-origin',
      },
    },
    {
      // Vite names every file under assets/ after its content hash.
      path: '/assets/*',
      headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
    },
  ];
}

/**
 * The local API's pages (the dev mailbox, the Google stand-in's account chooser) have inline
 * styles and nothing else; its JSON must never be rendered as a page or framed either.
 * No form-action: the chooser's form answers with a redirect to the app, which Chromium checks
 * against form-action too.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ruleSchema = z.object({
  path: z.string().startsWith('/'),
  headers: z.record(z.string().regex(headerName), z.string().regex(/^[^\r\n\0]*$/)),
});

export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((rule) => {
    const { path, headers } = ruleSchema.parse(rule);
    return [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join(
      '\n',
    );
  });
  return `# Written by the build (scripts/security-headers); edit server/security-headers.ts instead.\n${blocks.join('\n')}\n`;
}

/** Reads the _headers format: a path on its own line, its headers indented below it. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const current = rules.at(-1);
    const colon = line.indexOf(':');
    if (!current || colon < 0)
      throw new Error(`_headers line ${index + 1}: expected "Name: value"`);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const previous = current.headers[name];
    current.headers[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return rules.map((rule) => ruleSchema.parse(rule));
}

function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** The headers for `path`: every matching rule, values of a repeated name joined as the hosts do. */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.path, path)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}
