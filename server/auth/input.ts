import { AuthError } from './errors.ts';

// In 'u' mode a surrogate pair is one code point, so this class only meets unpaired halves.
const BROKEN_TEXT = /[\ufffd\ud800-\udfff]/u;

/** Deeper metadata than this is refused (JSON.stringify overflows the stack long before jsonb's limit). */
export const MAX_JSON_DEPTH = 32;

export function invalidCharacters(): AuthError {
  return new AuthError(
    400,
    'validation_failed',
    'Request contains characters that are not allowed: NUL bytes and invalid UTF-8',
  );
}

/**
 * PostgreSQL cannot store U+0000 or an unpaired surrogate (jsonb refuses both), and U+FFFD is
 * what a body or query with invalid UTF-8 decodes to. Refusing them at the door gives a 400
 * instead of a driver error deep inside a query.
 */
export function hasUnstorable(s: string): boolean {
  return s.includes('\u0000') || BROKEN_TEXT.test(s);
}

export function checkText(s: string): void {
  if (hasUnstorable(s)) throw invalidCharacters();
}

/** Checks every key and string of a parsed body, iteratively so depth cannot blow the stack. */
export function checkValue(root: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      checkText(value);
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) {
        throw new AuthError(
          400,
          'validation_failed',
          `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
        );
      }
      for (const [k, v] of Object.entries(value)) {
        checkText(k);
        stack.push({ value: v, depth: depth + 1 });
      }
    }
  }
}

export function checkQuery(query: URLSearchParams): void {
  for (const [k, v] of query) {
    checkText(k);
    checkText(v);
  }
}
