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
import { useBackgroundRefresh, type RefreshStatus } from './use-background-refresh';
import {
  refreshFaqs,
  refreshGlossaryList,
  refreshGlossaryTerm,
  refreshNewsArticle,
  refreshNewsList,
} from './refresh';

export interface ContentList<T> {
  items: T[];
  /** True only while there is nothing stored to show and the first fetch is still running. */
  loading: boolean;
}

export type ContentItem<T> =
  | { status: 'loading' }
  | { status: 'found'; item: T }
  | { status: 'not-found' }
  /** Not stored on this device and the fetch failed (usually: offline). */
  | { status: 'unavailable' };

function toList<T>(cached: CachedList<T> | undefined, refresh: RefreshStatus): ContentList<T> {
  if (!cached) return { items: [], loading: true };
  const nothingToShow = cached.items.length === 0 && cached.syncedAt === undefined;
  return { items: cached.items, loading: nothingToShow && refresh === 'pending' };
}

function toItem<T>(cached: T | null | undefined, refresh: RefreshStatus): ContentItem<T> {
  if (cached) return { status: 'found', item: cached };
  if (cached === undefined || refresh === 'pending') return { status: 'loading' };
  return refresh === 'failed' ? { status: 'unavailable' } : { status: 'not-found' };
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
