import { useLiveQuery } from 'dexie-react-hooks';
import {
  readFaqList,
  readGlossaryList,
  readGlossaryTerm,
  readNewsArticle,
  readNewsList,
  syncedAt,
  type CachedList,
  type FaqRecord,
  type GlossaryRecord,
  type NewsRecord,
} from '@/db/content-db';
import { useBackgroundRefresh, type BackgroundRefresh } from './use-background-refresh';
import {
  refreshFaqs,
  refreshGlossaryList,
  refreshGlossaryTerm,
  refreshNewsArticle,
  refreshNewsList,
} from './refresh';
import { prerenderedContent } from '../prerendered';

export type ContentList<T> =
  /** Nothing stored yet and the first fetch is still running. */
  | { status: 'loading'; retry: () => void }
  /** The whole list as last fetched (it may truly be empty). */
  | { status: 'ready'; items: T[]; retry: () => void }
  /** Never fetched on this device and the fetch failed (usually: offline). */
  | { status: 'unavailable'; retry: () => void };

export type ContentItem<T> =
  | { status: 'loading'; retry: () => void }
  | { status: 'found'; item: T; retry: () => void }
  | { status: 'not-found'; retry: () => void }
  /** Not stored on this device and the fetch failed (usually: offline). */
  | { status: 'unavailable'; retry: () => void };

/** A list's items as its page shows them: the pre-rendered lists leave the long texts out. */
export type NewsSummary = Omit<NewsRecord, 'content'>;
export type GlossarySummary = Omit<GlossaryRecord, 'context'>;

/**
 * A list is shown only once a whole copy of it was stored: articles kept one by one are not
 * the list, and an empty table that was never filled is not "none found". A page pre-rendered
 * at build time shows the build's copy until a stored copy at least as new is read (the fetch
 * on opening makes one), so the fresh list replaces it with no "loading" in between.
 */
function toList<T>(
  cached: CachedList<T> | undefined,
  refresh: BackgroundRefresh,
  prerendered: { items: T[]; fetchedAt: number } | undefined,
): ContentList<T> {
  const { retry } = refresh;
  const stored = cached?.syncedAt;
  if (stored !== undefined && (prerendered === undefined || stored >= prerendered.fetchedAt)) {
    return { status: 'ready', items: cached?.items ?? [], retry };
  }
  if (prerendered) return { status: 'ready', items: prerendered.items, retry };
  if (cached !== undefined && refresh.status === 'failed') return { status: 'unavailable', retry };
  // Still fetching, or fetched and the stored copy is about to be read back.
  return { status: 'loading', retry };
}

interface StoredItem<T> {
  item: T | null;
  /** When the item's whole list was last stored: the item is at least that fresh. */
  listSyncedAt: number | undefined;
}

/**
 * A pre-rendered item is shown until this device has it at least as fresh: fetched since the
 * page opened (or found gone), or stored with a list synced after the build.
 */
function toItem<T>(
  cached: StoredItem<T> | undefined,
  refresh: BackgroundRefresh,
  prerendered: { item: T; fetchedAt: number } | undefined,
): ContentItem<T> {
  const { retry } = refresh;
  const newer =
    cached !== undefined &&
    (refresh.status === 'done' ||
      (cached.item !== null && (cached.listSyncedAt ?? -1) >= (prerendered?.fetchedAt ?? 0)));
  if (prerendered && !newer) return { status: 'found', item: prerendered.item, retry };
  if (cached?.item) return { status: 'found', item: cached.item, retry };
  if (cached === undefined || refresh.status === 'pending') return { status: 'loading', retry };
  return refresh.status === 'failed'
    ? { status: 'unavailable', retry }
    : { status: 'not-found', retry };
}

function fromBuild<T>(items: T[] | undefined) {
  const fetchedAt = prerenderedContent()?.fetchedAt;
  return items && fetchedAt !== undefined ? { items, fetchedAt } : undefined;
}

function itemFromBuild<T>(item: T | undefined) {
  const fetchedAt = prerenderedContent()?.fetchedAt;
  return item && fetchedAt !== undefined ? { item, fetchedAt } : undefined;
}

export function useNewsList(): ContentList<NewsSummary> {
  const refresh = useBackgroundRefresh('news-list', 'all', refreshNewsList);
  return toList<NewsSummary>(
    useLiveQuery(readNewsList),
    refresh,
    fromBuild(prerenderedContent()?.newsList),
  );
}

export function useNewsArticle(slug: string): ContentItem<NewsRecord> {
  const refresh = useBackgroundRefresh('news-article', slug, refreshNewsArticle);
  const built = prerenderedContent()?.newsArticle;
  return toItem(
    useLiveQuery(
      async () => ({ item: await readNewsArticle(slug), listSyncedAt: await syncedAt('news') }),
      [slug],
    ),
    refresh,
    itemFromBuild(built?.slug === slug ? built : undefined),
  );
}

export function useGlossaryList(): ContentList<GlossarySummary> {
  const refresh = useBackgroundRefresh('glossary-list', 'all', refreshGlossaryList);
  return toList<GlossarySummary>(
    useLiveQuery(readGlossaryList),
    refresh,
    fromBuild(prerenderedContent()?.glossaryList),
  );
}

export function useGlossaryTerm(slug: string): ContentItem<GlossaryRecord> {
  const refresh = useBackgroundRefresh('glossary-term', slug, refreshGlossaryTerm);
  const built = prerenderedContent()?.glossaryTerm;
  return toItem(
    useLiveQuery(
      async () => ({
        item: await readGlossaryTerm(slug),
        listSyncedAt: await syncedAt('glossary'),
      }),
      [slug],
    ),
    refresh,
    itemFromBuild(built?.slug === slug ? built : undefined),
  );
}

export function useFaqs(): ContentList<FaqRecord> {
  const refresh = useBackgroundRefresh('faqs', 'all', refreshFaqs);
  return toList(useLiveQuery(readFaqList), refresh, fromBuild(prerenderedContent()?.faqs));
}
