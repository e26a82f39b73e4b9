/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { listenForReminders } from './sw/reminder-events';
import { listenForCacheGroups, splitManifest, type GroupedEntry } from './sw/cache-groups';
import { routeCachedFiles } from './sw/static-routes';
import { withKeptDashboard } from './sw/dashboard-snapshot';
import { precachedUrls, usedFilesToCache } from './sw/used-files';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | GroupedEntry)[] };

// The shell and the public site's code (guides, calculators, news, glossary, FAQ) are
// precached, so a cold start with no network opens any of them; the tracker's and the Hindi
// code are cached as a whole once first used (./sw/cache-groups); the pre-rendered pages, the
// admin area and the icon map when loaded (issue 22: the first install stays small).
const manifest = splitManifest(self.__WB_MANIFEST, self.location.origin);
precacheAndRoute(manifest.precache);
const groups = listenForCacheGroups(self, manifest.groups);
routeCachedFiles(self, [
  ...manifest.precache.map((entry) => (typeof entry === 'string' ? entry : entry.url)),
  ...[...manifest.groups.values()].flat(),
]);
cleanupOutdatedCaches();
// The first install takes control at once so the very first visit already works offline.
// Updates still wait for the user: they activate only after SKIP_WAITING below.
clientsClaim();

/** Built files have content hashes in their names: a cached one is never out of date. */
const ASSETS_CACHE = 'bimaguide-assets';
const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
});

// Policy-type icons are loaded by name, one small file each; keep the ones a user has seen.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/lucide/'),
  new CacheFirst({
    cacheName: 'bimaguide-icons',
    plugins: [new ExpirationPlugin({ maxEntries: 200 })],
  }),
);
// Everything else the build made: from the tracker's or the Hindi files once kept, else cached
// on first use (admin code, the icon map, a group's file loaded before it was kept).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  async (options) => (await groups.match(options.request)) ?? assets.handle(options),
);

// Pages that only exist in the app (the tracker, sign-in, admin, forms) start from the precached
// shell at once, online or not. The pre-rendered pages (guides, news, glossary, FAQ) come from
// the network while there is one, so their text is the current build's, and from the copy kept
// at the last visit when there is none; a page never visited offline gets the shell, which
// renders it from the precached code.
const shellOnly =
  /^\/(?:policy-tracker(?:\/|$)|admin(?:\/|-login|$)|login$|password-reset$|(?:hi\/)?advice$)/;
const shell = createHandlerBoundToURL('/shell.html');
// The dashboard (the installed app's start page) has a shell of its own that links all of its
// code up front (scripts/prerender/route-shell.ts), so its ~120 files load at once instead of
// level by level as each one runs. Only once this device asked for the tracker's group (its
// files are then on the device, or being stored): the links then cost nothing to follow,
// where on a first visit (signed out, sent to sign in) they would download the whole
// dashboard. Its stylesheets are precached, so its first paint never waits for the network.
const dashboardPage = /^\/policy-tracker\/?$/;
const dashboardShell = createHandlerBoundToURL('/dashboard-shell.html');
const pages = new NetworkFirst({
  cacheName: 'bimaguide-pages',
  // Lie-fi: after this long the kept copy (or the shell) is better than waiting.
  networkTimeoutSeconds: 4,
  plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (dashboardPage.test(options.url.pathname) && (await groups.asked('tracker'))) {
        return withKeptDashboard(await dashboardShell(options), options.url);
      }
      if (shellOnly.test(options.url.pathname)) return shell(options);
      try {
        const page = await pages.handle(options);
        if (page.ok) return page;
      } catch {
        // Offline with no kept copy: the shell renders the page.
      }
      return shell(options);
    },
    {
      denylist: [
        /^\/_dev\//,
        /^\/(rest|auth|functions|storage|realtime)\/v1\//,
        /\/[^/?]+\.[^/?]+$/,
      ],
    },
  ),
);

const precached = precachedUrls(manifest.precache, self.location.origin);

/**
 * The page's own files loaded before this worker took control (the first visit) are cached as
 * if it had fetched them, so that visit's page and code open offline too.
 */
function cacheUsedFiles(data: unknown, event: ExtendableEvent): Promise<unknown> | null {
  const urls = usedFilesToCache(data, self.location.origin, precached);
  if (!urls) return null;
  return Promise.all(
    urls.map((url) => assets.handle({ request: new Request(url), event }).catch(() => undefined)),
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const caching = cacheUsedFiles(data, event);
  if (caching) event.waitUntil(caching);
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

/** Background Sync: wake the open app so its sync engine flushes the outbox. */
self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as ExtendableEvent & { tag?: string };
  if (syncEvent.tag !== 'bimaguide-outbox') return;
  syncEvent.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync' });
    }),
  );
});

// Renewal reminders (design §6): periodicsync and push show them, a click opens the policy.
listenForReminders(self);
