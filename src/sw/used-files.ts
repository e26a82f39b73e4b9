/// <reference lib="webworker" />

/** At most this many files per message: a page loads far fewer, and a message is untrusted. */
const MAX_FILES = 200;

/**
 * The files a CACHE_URLS message (the page's own files loaded before this worker took control,
 * src/features/pwa/cache-used-files.ts) asks to cache: this origin's built files, except those
 * the precache holds already. Those were stored by the install just before; fetched and stored
 * again they cost every first visit a second copy of most of its page. Null for any other
 * message.
 */
export function usedFilesToCache(
  data: unknown,
  origin: string,
  precached: ReadonlySet<string>,
): string[] | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type !== 'CACHE_URLS' || !('urls' in data) || !Array.isArray(data.urls)) return null;
  const urls = new Set<string>();
  for (const value of data.urls) {
    if (typeof value !== 'string') continue;
    let url: URL;
    try {
      url = new URL(value, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || !url.pathname.startsWith('/assets/')) continue;
    if (!precached.has(url.href)) urls.add(url.href);
  }
  return [...urls].slice(0, MAX_FILES);
}

/** The precache list's entries as the absolute URLs requests name. */
export function precachedUrls(
  entries: readonly (string | { url: string; revision?: string | null })[],
  origin: string,
): Set<string> {
  return new Set(
    entries.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, origin).href),
  );
}
