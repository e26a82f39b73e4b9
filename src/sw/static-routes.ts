/// <reference lib="webworker" />

/**
 * The Service Worker Static Routing API (Chromium 123+): rules the browser applies itself,
 * without running this worker. Not in TypeScript's lib yet; only the part used here.
 */
interface RouterRule {
  condition: { or: { urlPattern: string }[] };
  source: 'cache';
}
type RoutingInstallEvent = ExtendableEvent & {
  addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void>;
};

/** URLPattern's syntax characters, escaped so a file name matches only itself. */
function literalPattern(pathname: string): string {
  return pathname.replace(/[\\:*?+(){}]/g, '\\$&');
}

/**
 * The rule that sends requests for the build's own code files straight to the caches: the files
 * this worker answers from the precache or a kept group (src/sw/cache-groups.ts) are served
 * the same way, but without a fetch event each. Issue 22: on the dashboard's cold open, ~150
 * such events kept the worker's thread busy for most of a second on a loaded phone-class CPU,
 * competing with the page's own. Only the listed files (content-hashed, under /assets/): a
 * file not cached yet is fetched from the network, as the fetch handler would, and files it
 * caches on first use (admin code, icons) still go through it.
 */
export function cachedFilesRule(urls: string[], origin: string): RouterRule | null {
  const paths = [
    ...new Set(
      urls
        .map((url) => new URL(url, origin))
        .filter((url) => url.origin === origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname),
    ),
  ];
  if (paths.length === 0) return null;
  return {
    condition: { or: paths.map((path) => ({ urlPattern: literalPattern(path) })) },
    source: 'cache',
  };
}

/** Adds the rule when this worker installs, where the browser has the API; a no-op elsewhere. */
export function routeCachedFiles(scope: ServiceWorkerGlobalScope, urls: string[]): void {
  scope.addEventListener('install', (event: ExtendableEvent) => {
    const install = event as RoutingInstallEvent;
    const rule = cachedFilesRule(urls, scope.location.origin);
    if (typeof install.addRoutes !== 'function' || !rule) return;
    // A browser that refuses the rule (an older form of the API) keeps the fetch handler for all.
    try {
      event.waitUntil(install.addRoutes(rule).catch(() => undefined));
    } catch {
      // As above.
    }
  });
}
