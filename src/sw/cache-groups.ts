/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';

/**
 * Code offline use needs beyond the first install's precache (issue 22: that stays ≤ 450 KB
 * gzip): `tracker` (the tracker, sign-in screens, documents' compressor, worker and viewer,
 * sharing, export and calendar, supabase-js) and `hi` (the Hindi catalogs, pages and their
 * routes). The build marks each file's groups in the precache list (scripts/cache-groups); the
 * app asks for a group when it is first used (the tracker opened, Hindi chosen), which is always
 * online, and the worker then caches all of that group's files, so the rest of it opens offline
 * too (a document attached on a train after one online visit). A new version's worker fetches
 * the groups the user has asked for while it installs, so an update never takes them away.
 */
export const cacheGroups = ['tracker', 'hi'] as const;
export type CacheGroup = (typeof cacheGroups)[number];

export type GroupedEntry = PrecacheEntry & { groups?: CacheGroup[] };

const GROUPS_CACHE = 'bimaguide-groups';
/** Which groups this device asked for, kept in the cache itself (a worker has no localStorage). */
const ASKED_URL = '/__bimaguide/cache-groups';

function isCacheGroup(value: unknown): value is CacheGroup {
  return (cacheGroups as readonly unknown[]).includes(value);
}

/** The precache list without the grouped files, and each group's files. */
export function splitManifest(
  manifest: (string | GroupedEntry)[],
  origin: string,
): {
  precache: (string | PrecacheEntry)[];
  groups: Map<CacheGroup, string[]>;
} {
  const precache: (string | PrecacheEntry)[] = [];
  const groups = new Map<CacheGroup, string[]>(cacheGroups.map((group) => [group, []]));
  for (const entry of manifest) {
    if (typeof entry === 'string' || !entry.groups?.length) {
      precache.push(entry);
      continue;
    }
    const url = new URL(entry.url, origin).href;
    for (const group of entry.groups) groups.get(group)?.push(url);
  }
  return { precache, groups };
}

async function askedGroups(cache: Cache): Promise<CacheGroup[]> {
  try {
    const stored: unknown = await (await cache.match(ASKED_URL))?.json();
    return Array.isArray(stored) ? stored.filter(isCacheGroup) : [];
  } catch {
    return [];
  }
}

/** Stores each file of `urls` not stored yet: from another cache if it is there, else fetched. */
async function storeAll(cache: Cache, urls: string[]): Promise<void> {
  const stored = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(
    urls
      .filter((url) => !stored.has(url))
      .map(async (url) => {
        try {
          const response = (await caches.match(url)) ?? (await fetch(url));
          if (response.ok) await cache.put(url, response);
        } catch {
          // Offline or the server failed: the next ask (or the next version) tries again.
        }
      }),
  );
}

export function listenForCacheGroups(
  scope: ServiceWorkerGlobalScope,
  groups: Map<CacheGroup, string[]>,
): {
  match: (request: Request) => Promise<Response | undefined>;
  /** Whether this device asked for `group`: its files are on the device or being stored. */
  asked: (group: CacheGroup) => Promise<boolean>;
} {
  const wanted = (asked: CacheGroup[]) => asked.flatMap((group) => groups.get(group) ?? []);

  async function keep(group: CacheGroup): Promise<void> {
    const cache = await caches.open(GROUPS_CACHE);
    const asked = await askedGroups(cache);
    if (!asked.includes(group)) {
      await cache.put(ASKED_URL, new Response(JSON.stringify([...asked, group])));
    }
    await storeAll(cache, groups.get(group) ?? []);
  }

  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || !('type' in data)) return;
    if (data.type !== 'CACHE_GROUP' || !('group' in data) || !isCacheGroup(data.group)) return;
    const reply = event.ports[0];
    event.waitUntil(keep(data.group).then(() => reply?.postMessage({ type: 'GROUP_CACHED' })));
  });

  // A new version: the groups asked for before, in their new files, before it takes over.
  scope.addEventListener('install', (event: ExtendableEvent) => {
    event.waitUntil(
      caches
        .open(GROUPS_CACHE)
        .then(async (cache) => storeAll(cache, wanted(await askedGroups(cache)))),
    );
  });

  // The files of older versions go once this one is in charge.
  scope.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(
      caches.open(GROUPS_CACHE).then(async (cache) => {
        const keepUrls = new Set(wanted(await askedGroups(cache)));
        keepUrls.add(new URL(ASKED_URL, scope.location.origin).href);
        const stale = (await cache.keys()).filter((request) => !keepUrls.has(request.url));
        await Promise.all(stale.map((request) => cache.delete(request)));
      }),
    );
  });

  return {
    match: async (request) => (await caches.open(GROUPS_CACHE)).match(request),
    asked: async (group) => (await askedGroups(await caches.open(GROUPS_CACHE))).includes(group),
  };
}
