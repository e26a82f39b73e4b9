import { useLiveQuery } from 'dexie-react-hooks';
import {
  readFaqList,
  readGlossaryList,
  readGlossaryTerm,
  readNewsArticle,
  readNewsList,
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

/**
 * A list is shown only once a whole copy of it was stored: articles kept one by one are not
 * the list, and an empty table that was never filled is not "none found".
 */
function toList<T>(cached: CachedList<T> | undefined, refresh: BackgroundRefresh): ContentList<T> {
  const { retry } = refresh;
  if (cached?.syncedAt !== undefined) return { status: 'ready', items: cached.items, retry };
  if (cached !== undefined && refresh.status === 'failed') return { status: 'unavailable', retry };
  // Still fetching, or fetched and the stored copy is about to be read back.
  return { status: 'loading', retry };
}

function toItem<T>(cached: T | null | undefined, refresh: BackgroundRefresh): ContentItem<T> {
  const { retry } = refresh;
  if (cached) return { status: 'found', item: cached, retry };
  if (cached === undefined || refresh.status === 'pending') return { status: 'loading', retry };
  return refresh.status === 'failed'
    ? { status: 'unavailable', retry }
    : { status: 'not-found', retry };
}

export function useNewsList(): ContentList<NewsRecord> {
  const refresh = useBackgroundRefresh('news-list', 'all', refreshNewsList);
  return toList(useLiveQuery(readNewsList), refresh);
}

export function useNewsArticle(slug: string): ContentItem<NewsRecord> {
  const refresh = useBackgroundRefresh('news-article', slug, refreshNewsArticle);
  return toItem(
    useLiveQuery(() => readNewsArticle(slug), [slug]),
    refresh,
  );
}

export function useGlossaryList(): ContentList<GlossaryRecord> {
  const refresh = useBackgroundRefresh('glossary-list', 'all', refreshGlossaryList);
  return toList(useLiveQuery(readGlossaryList), refresh);
}

export function useGlossaryTerm(slug: string): ContentItem<GlossaryRecord> {
  const refresh = useBackgroundRefresh('glossary-term', slug, refreshGlossaryTerm);
  return toItem(
    useLiveQuery(() => readGlossaryTerm(slug), [slug]),
    refresh,
  );
}

export function useFaqs(): ContentList<FaqRecord> {
  const refresh = useBackgroundRefresh('faqs', 'all', refreshFaqs);
  return toList(useLiveQuery(readFaqList), refresh);
}
