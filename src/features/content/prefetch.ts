import { refreshOnce } from './hooks/use-background-refresh';
import { refreshFaqs, refreshGlossaryList, refreshNewsList } from './hooks/refresh';

// The same ids as the pages' own refreshes (scope:key), so a page opened meanwhile shares the
// request instead of starting a second one.
const lists = [
  ['news-list:all', refreshNewsList],
  ['glossary-list:all', refreshGlossaryList],
  ['faqs:all', refreshFaqs],
] as const;

function prefetch(): void {
  if (!navigator.onLine) return;
  for (const [id, refresh] of lists) {
    refreshOnce(id, refresh).catch((error: unknown) => console.error(error));
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
