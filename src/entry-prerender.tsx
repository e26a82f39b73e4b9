// Build-time only (see scripts/prerender): renders the public content pages to HTML, so a phone
// on slow data paints the page before the scripts arrive, and React hydrates it after.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { AuthStore } from '@/features/auth';
import { App, AppProviders, createAppRouter } from './app';
import { activateLocale } from './lib/i18n';

/**
 * Pages with fixed content and no form fields: a field typed into before the scripts take over
 * would be reset by hydration, so the forms (callback, sign-in) stay client-rendered, as do pages
 * whose content comes from the database (news, glossary, FAQ) or belongs to the user.
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
] as const;

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
export async function renderPage(path: string): Promise<string> {
  await activateLocale('en');
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(
    <AppProviders>
      <App router={router} authStore={buildTimeAuthStore()} hydrating />
    </AppProviders>,
  );
}
