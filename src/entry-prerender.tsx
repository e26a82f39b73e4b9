// Build-time only (see scripts/prerender): renders the public content pages to HTML, so a phone
// on slow data paints the page before the scripts arrive, and React hydrates it after.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { byTerm, newestFirst } from '@/domain/content/order';
import { AuthStore } from '@/features/auth';
import { fetchFaqs } from '@/features/content/api/fetch-faqs';
import { fetchGlossaryList } from '@/features/content/api/fetch-glossary-list';
import { fetchNewsList } from '@/features/content/api/fetch-news-list';
import { providePrerenderedContent, type PrerenderedContent } from '@/features/content/prerendered';
import { App, AppProviders, createAppRouter } from './app';
import { activateLocale, intlLocale, localeFromPath, localizedPaths } from './lib/i18n';

/**
 * Pages with fixed content and no form fields: a field typed into before the scripts take over
 * would be reset by hydration, so the forms (callback, sign-in) stay client-rendered, as do pages
 * that belong to the user. The database-fed pages are listed by `contentPages` below.
 */
export const prerenderPaths = [
  '/',
  '/what-is-bima-sugam',
  '/health-insurance',
  '/term-insurance',
  '/motor-insurance',
  '/how-to/claims-on-bima-sugam',
  '/how-to/link-existing-policies',
  '/policy-tracker-intro',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/disclaimer',
  // The localized pages' Hindi versions (the advice page has a form, so neither version is here).
  ...localizedPaths
    .filter((path) => path !== '/advice' && path !== '/faq')
    .map((path) => `/hi${path}`),
];

/** The page's language, for its `<html lang>`: Hindi under /hi/, English elsewhere. */
export function pageLang(path: string): string {
  return intlLocale[localeFromPath(path) ?? 'en'];
}

export interface ContentPage {
  path: string;
  /** Written into the page, so hydration renders the same items (see prerendered.ts). */
  content: PrerenderedContent;
}

/**
 * The news, glossary and FAQ pages (lists, every article and every term) with the content they
 * show, read from the API this build is made against (VITE_SUPABASE_URL: the local server under
 * `npm start`, the bench and the e2e suite; the hosted project in a deployment build) through
 * the app's own fetches. Throws when the API cannot be reached; the build then leaves these
 * pages to the shell as before.
 */
export async function contentPages(): Promise<ContentPage[]> {
  const [fetchedNews, fetchedGlossary, fetchedFaqs] = await Promise.all([
    fetchNewsList(),
    fetchGlossaryList(),
    fetchFaqs(),
  ]);
  // In the order the device's stored copy is listed in, so the fresh list never reorders it.
  const news = newestFirst(fetchedNews);
  const glossary = byTerm(fetchedGlossary);
  const faqs = newestFirst(fetchedFaqs);
  const fetchedAt = Date.now();
  return [
    {
      path: '/news',
      content: { fetchedAt, newsList: news.map(({ content: _content, ...summary }) => summary) },
    },
    ...news.map((article) => ({
      path: `/news/${article.slug}`,
      content: { fetchedAt, newsArticle: article },
    })),
    {
      path: '/glossary',
      content: { fetchedAt, glossaryList: glossary.map(({ context: _context, ...term }) => term) },
    },
    ...glossary.map((term) => ({
      path: `/glossary/${term.slug}`,
      content: { fetchedAt, glossaryTerm: term },
    })),
    // The questions stay in the language they were written in; the page around them is Hindi.
    ...['/faq', '/hi/faq'].map((path) => ({ path, content: { fetchedAt, faqs } })),
  ];
}

/** Never started (effects do not run here); it only gives the provider its shape. */
function buildTimeAuthStore(): AuthStore {
  return new AuthStore({
    loadClient: () => Promise.reject(new Error('No auth while pre-rendering')),
    navigate: () => {},
    readStoredSession: () => null,
    adminCache: null,
    location: () => ({ hash: '', search: '', pathname: '/' }),
    isOnline: () => true,
  });
}

/**
 * The HTML of `path` as the browser's hydrating render will produce it: the same tree, nobody
 * signed in yet, and the lazily loaded parts (account button, calculators) as their placeholders.
 */
export async function renderPage(path: string, content?: PrerenderedContent): Promise<string> {
  providePrerenderedContent(content ?? null);
  // The site layout activates the page's own language while the router loads (src/routes/_site.tsx).
  await activateLocale(localeFromPath(path) ?? 'en');
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(
    <AppProviders>
      <App router={router} authStore={buildTimeAuthStore()} hydrating />
    </AppProviders>,
  );
}

/**
 * The routes `path` renders, outermost first (e.g. `/_site`, `/_site/what-is-bima-sugam`): the
 * build lists their code in the page, so the browser fetches it with the entry's instead of
 * finding it only once the entry has run.
 */
export function pageRouteIds(path: string): string[] {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  return router.matchRoutes(router.state.location).map((match) => match.routeId);
}
