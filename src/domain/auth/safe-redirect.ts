/**
 * A `redirect` search value may only send the user to a path on this site. Anything that a
 * browser could read as another origin (`//evil.test`, `/\evil.test`, `https:…`, control
 * characters that browsers strip before parsing) is refused, so the login page can never be
 * used as an open redirect.
 */
const PLACEHOLDER_ORIGIN = 'https://same-origin.invalid';
const MAX_LENGTH = 2048;

/** Pages that only make sense signed out; sending a fresh sign-in back to them would loop. */
const SIGN_IN_PATHS = new Set(['/login', '/admin-login']);

export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length === 0 || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // Backslashes count as slashes in URL parsing, and tabs/newlines are silently removed, so
  // "/\evil.test" or "/\t/evil.test" would otherwise become protocol-relative.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return undefined;

  let resolved: URL;
  try {
    resolved = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (resolved.origin !== PLACEHOLDER_ORIGIN) return undefined;
  if (SIGN_IN_PATHS.has(resolved.pathname)) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Reads the `redirect` parameter from a query string such as `location.search`. */
export function redirectFromSearch(search: string): string | undefined {
  return safeRedirectPath(new URLSearchParams(search).get('redirect'));
}
