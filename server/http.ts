import type { IncomingMessage, ServerResponse } from 'node:http';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super('Payload Too Large');
  }
}

/** Reads the whole body as text, refusing (without buffering) anything past the limit. */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<string> {
  return (await readBodyBytes(req, limit)).toString('utf8');
}

/** Reads the whole body, refusing (without buffering) anything past the limit. */
export function readBodyBytes(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) {
        failed = true;
        reject(e);
      }
    });
  });
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const CORS_ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'prefer',
  'range',
  'range-unit',
  'accept',
  'accept-profile',
  'content-profile',
  'x-client-info',
  'x-supabase-api-version',
  'x-retry-count',
].join(', ');

/**
 * As Supabase's gateway: any origin may call the API, but without credentials (`*` is never
 * combined with cookies), so a page elsewhere cannot make a signed-in read on a user's behalf.
 * Keys and sessions travel in headers, which supabase-js sets itself.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  const requested = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    typeof requested === 'string' && requested.length > 0
      ? `${CORS_ALLOW_HEADERS}, ${requested}`
      : CORS_ALLOW_HEADERS,
  );
  res.setHeader(
    'Access-Control-Expose-Headers',
    'Content-Range, Range, Range-Unit, Location, Preference-Applied, X-Total-Count, Link, X-Supabase-Api-Version',
  );
  res.setHeader('Access-Control-Max-Age', '86400');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendRaw(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>,
  headOnly = false,
): void {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(headOnly ? undefined : body);
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const auth = header(req, 'authorization');
  if (!auth) return undefined;
  const m = /^bearer\s+(.+)$/i.exec(auth.trim());
  return m?.[1]?.trim();
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}
