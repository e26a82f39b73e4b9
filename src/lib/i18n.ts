import { i18n, type Messages } from '@lingui/core';
import { z } from 'zod/mini';

/**
 * The interface languages. English is the default and keeps the spec's exact texts; each
 * language has one catalog in src/locales with the same message ids (src/locales/catalogs.test.ts).
 */
export const localeSchema = z.enum(['en', 'hi']);
export type Locale = z.infer<typeof localeSchema>;
export const defaultLocale: Locale = 'en';

/** What each language is called in the switcher: its own name, in its own script. */
export const localeNames: Record<Locale, string> = { en: 'English', hi: 'हिंदी' };

/** The BCP 47 tag for Intl and the document's `lang`: Indian English, Hindi in India. */
export const intlLocale: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export const localeStorageKey = 'bimaguide.locale';

// One dynamic import per language: only the active language's catalog is downloaded.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('@/locales/en.po'),
  hi: () => import('@/locales/hi.po'),
};

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

/** Loads `locale`'s catalog (once) and makes it the active one; the page's `lang` follows. */
const loaded = new Set<Locale>();

export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const { messages } = await catalogs[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale[locale];
}

/** For the build-time render and tests: activate with a catalog already in hand. */
export function activateLoaded(locale: Locale, messages: Messages): void {
  i18n.loadAndActivate({ locale, messages });
  loaded.add(locale);
}

/** Pages under /hi/ are the Hindi versions of the public pages. */
export function localeFromPath(pathname: string): Locale | null {
  return pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi' : null;
}

/** The language a page load starts in: the address's, else the device's choice, else English. */
export function initialLocale(pathname: string): Locale {
  return localeFromPath(pathname) ?? storedLocale() ?? defaultLocale;
}
