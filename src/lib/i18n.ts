import { i18n, type Messages } from '@lingui/core';
import { z } from 'zod/mini';
import { pageTitle } from '@/config/site';

/**
 * The interface languages. English is the default and keeps the spec's exact texts; each
 * language has the same catalogs in src/locales with the same message ids
 * (src/locales/catalogs.test.ts).
 */
export const localeSchema = z.enum(['en', 'hi']);
export type Locale = z.infer<typeof localeSchema>;
export const defaultLocale: Locale = 'en';

/** What each language is called in the switcher: its own name, in its own script. */
export const localeNames: Record<Locale, string> = { en: 'English', hi: 'हिंदी' };

/** The BCP 47 tag for Intl and the document's `lang`: Indian English, Hindi in India. */
export const intlLocale: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export const localeStorageKey = 'bimaguide.locale';

type CatalogLoader = () => Promise<{ messages: Messages }>;

// One dynamic import per language: only the active language's catalog is downloaded.
const catalogs: Record<Locale, CatalogLoader> = {
  en: () => import('@/locales/en.po'),
  hi: () => import('@/locales/hi.po'),
};

/**
 * The texts of lazily loaded parts, kept out of the catalog every page loads before rendering
 * (issue 22: the home page's first download): the calculators (below the fold on the home
 * page), the callback form (its own page), the shell's notices that load later (offline,
 * update, install steps, bookmark tip, page not found), the policy tracker with sharing and
 * export/import (its routes), the premium outlook (its page), the sign-in and password
 * screens (theirs), and the news, glossary and FAQ pages' own texts (their routes' loaders).
 */
const catalogParts = {
  calculators: {
    en: () => import('@/locales/calculators/en.po'),
    hi: () => import('@/locales/calculators/hi.po'),
  },
  callback: {
    en: () => import('@/locales/callback/en.po'),
    hi: () => import('@/locales/callback/hi.po'),
  },
  notices: {
    en: () => import('@/locales/notices/en.po'),
    hi: () => import('@/locales/notices/hi.po'),
  },
  tracker: {
    en: () => import('@/locales/tracker/en.po'),
    hi: () => import('@/locales/tracker/hi.po'),
  },
  account: {
    en: () => import('@/locales/account/en.po'),
    hi: () => import('@/locales/account/hi.po'),
  },
  outlook: {
    en: () => import('@/locales/outlook/en.po'),
    hi: () => import('@/locales/outlook/hi.po'),
  },
  content: {
    en: () => import('@/locales/content/en.po'),
    hi: () => import('@/locales/content/hi.po'),
  },
} satisfies Record<string, Record<Locale, CatalogLoader>>;
export type CatalogPart = keyof typeof catalogParts;

export { i18n };

/** The active language, for code outside React (formatters); components use useLingui(). */
export function activeLocale(): Locale {
  const parsed = localeSchema.safeParse(i18n.locale);
  return parsed.success ? parsed.data : defaultLocale;
}

/** The language saved on this device, if any (unreadable storage counts as none). */
export function storedLocale(): Locale | null {
  try {
    const parsed = localeSchema.safeParse(localStorage.getItem(localeStorageKey));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Private mode or full storage: the choice still holds for this visit.
  }
}

/** Catalogs loaded so far: `en`, or `en:calculators` for a part. */
const loaded = new Set<string>();
/** The parts asked for on this page: a language switch loads them in the new language too. */
const wantedParts = new Set<CatalogPart>();

async function loadCatalog(key: string, load: CatalogLoader, locale: Locale): Promise<void> {
  if (loaded.has(key)) return;
  const { messages } = await load();
  // Merged into the language's messages; components re-render on the change.
  i18n.load(locale, messages);
  loaded.add(key);
}

/**
 * Loads `locale`'s catalog and those of the parts in use (once) and makes it the active one;
 * the page's `lang` follows.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  // Every navigation asks (src/routes/_site.tsx); a switch re-renders every text, so only a
  // real change (or a part still missing) activates.
  const parts = [...wantedParts];
  const ready = loaded.has(locale) && parts.every((part) => loaded.has(`${locale}:${part}`));
  if (ready && i18n.locale === locale) return;
  await Promise.all([
    loadCatalog(locale, catalogs[locale], locale),
    ...parts.map((part) => loadCatalog(`${locale}:${part}`, catalogParts[part][locale], locale)),
  ]);
  i18n.activate(locale);
  // Writing `lang`, even its own value, makes the browser restyle every element (each one's
  // :lang() may change): on a pre-rendered page, which already says its language, a long task
  // for nothing on a slow phone.
  const root = typeof document === 'undefined' ? undefined : document.documentElement;
  if (root && root.lang !== intlLocale[locale]) root.lang = intlLocale[locale];
}

/** Loads a lazily loaded part's texts in the active language; await it before rendering it. */
export async function loadCatalogPart(part: CatalogPart): Promise<void> {
  wantedParts.add(part);
  const locale = activeLocale();
  await loadCatalog(`${locale}:${part}`, catalogParts[part][locale], locale);
}

/**
 * A page's tab title from its catalog id, in the active language: a route's head() runs after
 * its loader, so the part holding `id` is loaded by then (the public pages' localizedHead reads
 * the catalog the same way). A switch on the page makes the titles again (src/app.tsx).
 */
export function catalogTitle(id: string): string {
  return pageTitle(i18n._(id));
}

/** For tests: activate with catalogs already in hand (the main one and any parts). */
export function activateLoaded(locale: Locale, ...messages: Messages[]): void {
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...messages) as Messages });
  loaded.add(locale);
}

/**
 * The public pages published in both languages: English at the path, Hindi at `/hi` + the path
 * (pre-rendered both ways, with hreflang alternates). The address decides their language.
 */
export const localizedPaths = [
  '/what-is-bima-sugam',
  '/how-to/claims-on-bima-sugam',
  '/how-to/link-existing-policies',
  '/health-insurance',
  '/term-insurance',
  '/motor-insurance',
  '/policy-tracker-intro',
  '/advice',
  '/contact',
  '/faq',
] as const;
export type LocalizedPath = (typeof localizedPaths)[number];

const hindiPrefix = '/hi';

function isLocalizedPath(path: string): path is LocalizedPath {
  return (localizedPaths as readonly string[]).includes(path);
}

/** A localized page's address in `locale` (`/faq` → `/hi/faq`); other paths stay as they are. */
export function pathInLocale<P extends string>(path: P, locale: Locale): P | `/hi${P}` {
  return locale === 'hi' && isLocalizedPath(path) ? `${hindiPrefix}${path}` : path;
}

/** Which localized page an address is, and in which language; null for every other page. */
export function localizedPage(pathname: string): { path: LocalizedPath; locale: Locale } | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const hindi = trimmed.startsWith(`${hindiPrefix}/`);
  const path = hindi ? trimmed.slice(hindiPrefix.length) : trimmed;
  return isLocalizedPath(path) ? { path, locale: hindi ? 'hi' : 'en' } : null;
}

/** The language an address names: every page under /hi/ is Hindi, a localized page's English. */
export function localeFromPath(pathname: string): Locale | null {
  if (pathname === hindiPrefix || pathname.startsWith(`${hindiPrefix}/`)) return 'hi';
  return localizedPage(pathname)?.locale ?? null;
}

/**
 * The language a page shows in: the address's for the localized pages (a shared link opens in
 * the language it names), else the device's choice, else English.
 */
export function initialLocale(pathname: string): Locale {
  return localeFromPath(pathname) ?? storedLocale() ?? defaultLocale;
}
