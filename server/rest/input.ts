import { apiError } from './errors.ts';
import type { ApiError } from './errors.ts';

/** Deeper JSON bodies are refused before Postgres' recursive JSON parser sees them. */
export const MAX_BODY_DEPTH = 512;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function nulByte(): ApiError {
  return apiError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00', null, null);
}

/** A path segment as PostgREST sees it; bad percent-encoding is the client's error, not ours. */
export function decodePathSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw apiError(
      400,
      'PGRST100',
      '"failed to parse path" (line 1, column 1)',
      `invalid percent-encoding in "${segment}"`,
      null,
    );
  }
  if (decoded.includes('\u0000')) throw nulByte();
  return decoded;
}

/** Postgres text cannot hold NUL, and a NUL reaching a driver must never truncate a statement. */
export function refuseNul(query: URLSearchParams): void {
  for (const [k, v] of query) {
    if (k.includes('\u0000') || v.includes('\u0000')) throw nulByte();
  }
}

function invalidString(s: string): ApiError | null {
  if (s.includes('\u0000'))
    return apiError(
      400,
      '22P05',
      'unsupported Unicode escape sequence',
      '\\u0000 cannot be converted to text.',
      null,
    );
  if (LONE_SURROGATE.test(s))
    return apiError(
      400,
      '22P02',
      'invalid input syntax for type json',
      'Unicode low surrogate must follow a high surrogate.',
      null,
    );
  return null;
}

/**
 * Refuses what Postgres would refuse or what JSON.parse silently rewrote: numbers beyond a
 * double (1e400 parses as Infinity and would be re-serialised as null), NUL and lone
 * surrogates in strings or keys, and nesting deep enough to exhaust a recursive parser.
 * Iterative, so a deeply nested body cannot overflow this stack either.
 */
export function checkJsonValue(root: unknown): void {
  const stack: { v: unknown; depth: number }[] = [{ v: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { v, depth } = item;
    if (typeof v === 'number') {
      if (!Number.isFinite(v))
        throw apiError(
          400,
          '22003',
          'numeric value out of range',
          'A number in the request body is too large to represent.',
          null,
        );
    } else if (typeof v === 'string') {
      const bad = invalidString(v);
      if (bad) throw bad;
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_BODY_DEPTH)
        throw apiError(
          400,
          'PGRST102',
          'Empty or invalid json',
          `The body nests more than ${MAX_BODY_DEPTH} levels deep.`,
          null,
        );
      if (Array.isArray(v)) {
        for (const x of v) stack.push({ v: x, depth: depth + 1 });
      } else {
        for (const [k, x] of Object.entries(v)) {
          const bad = invalidString(k);
          if (bad) throw bad;
          stack.push({ v: x, depth: depth + 1 });
        }
      }
    }
  }
}

/** The parsed body plus the text Postgres will read, so numbers reach it exactly as sent. */
export interface JsonBody {
  value: unknown;
  text: string;
}

export function parseBodyJson(body: string): JsonBody {
  if (body.trim() === '') return { value: {}, text: '{}' };
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
  checkJsonValue(value);
  return { value, text: body };
}
