import { syncedAt } from '@/db/content-db';
import { refreshOnce } from './hooks/use-background-refresh';
import { refreshFaqs, refreshGlossaryList, refreshNewsList } from './hooks/refresh';

// The same ids as the pages' own refreshes (scope:key), so a page opened meanwhile shares the
// request instead of starting a second one.
const lists = [
  ['news', 'news-list:all', refreshNewsList],
  ['glossary', 'glossary-list:all', refreshGlossaryList],
  ['faqs', 'faqs:all', refreshFaqs],
] as const;

/**
 * A copy this fresh is kept: every page load would otherwise fetch all three lists again.
 * The pages themselves still refresh what they show each time they open.
 */
const FRESH_FOR_MS = 6 * 60 * 60 * 1000;

async function prefetchList(...[list, id, refresh]: (typeof lists)[number]): Promise<void> {
  const at = await syncedAt(list);
  if (at !== undefined && Date.now() - at < FRESH_FOR_MS) return;
  await refreshOnce(id, refresh);
}

function prefetch(): void {
  if (!navigator.onLine) return;
  for (const entry of lists) {
    prefetchList(...entry).catch((error: unknown) => console.error(error));
  }
}

let started = false;

/**
 * Stores the news, glossary and FAQ lists (with every article's and term's text) on the device
 * once the site has been opened online, and again on every reconnect, so they read offline
 * even where the visitor never opened them. Failures are only logged: the next start, page
 * visit or reconnect tries again.
 */
export function startContentPrefetch(): void {
  if (started) return;
  started = true;
  prefetch();
  window.addEventListener('online', prefetch);
}
