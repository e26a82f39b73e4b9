/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { PrecacheEntry } from 'workbox-precaching';
import { listenForReminders } from './sw/reminder-events';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The whole app (shell, every route chunk, the calculators) is precached, so a cold start with
// no network opens any public page.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes control at once so the very first visit already works offline.
// Updates still wait for the user: they activate only after SKIP_WAITING below.
clientsClaim();

// Pre-rendered pages are answered by precacheAndRoute above (`/about` → `about.html`, `/` →
// `index.html`); every other client-side route gets the cached shell. The dev mailbox, API
// paths and files with an extension are real network resources and must not get the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/shell.html'), {
    denylist: [/^\/_dev\//, /^\/(rest|auth|functions|storage|realtime)\/v1\//, /\/[^/?]+\.[^/?]+$/],
  }),
);

// Policy-type icons are loaded by name, one small file each; keep the ones a user has seen.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/lucide/'),
  new CacheFirst({
    cacheName: 'bimaguide-icons',
    plugins: [new ExpirationPlugin({ maxEntries: 200 })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
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
