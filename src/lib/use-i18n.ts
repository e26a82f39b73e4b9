import { Fragment, createElement, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { activeLocale, i18n, pathInLocale, type Locale } from './i18n';

const localeListeners = new Set<() => void>();
let followingI18n = false;

/**
 * One listener on the i18n object for all components: its own list is an array, and every
 * card of a long list taking its listener out of it on unmount made a new search quadratic.
 */
function subscribe(onChange: () => void): () => void {
  if (!followingI18n) {
    followingI18n = true;
    i18n.on('change', () => {
      for (const listener of [...localeListeners]) listener();
    });
  }
  localeListeners.add(onChange);
  return () => localeListeners.delete(onChange);
}

/** The active language; the component renders again when the user switches. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/**
 * The active catalog's lookup, `t('home.title')` or `t('calc.hlv.covers', { years: 3 })`,
 * re-rendering on a switch. A hook of our own instead of @lingui/react's provider: it needs
 * no context around every test render and adds nothing to the first download.
 */
export function useT(): Translate {
  // A new function per language, so memoised children that take `t` follow a switch too; the
  // same one for every component, so what is worked out per language can be kept by it.
  return translatorFor(useLocale());
}

export type Translate = (id: string, values?: Record<string, unknown>) => string;

const translators = new Map<Locale, Translate>();

function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = (id, values) => i18n._(id, values);
    translators.set(locale, t);
  }
  return t;
}

/**
 * Where a link to one of the site's pages leads in the active language: a localized page's
 * Hindi version (`/hi/faq`) while Hindi shows, the path itself otherwise.
 */
export function useLocalePath(): <P extends string>(path: P) => P | `/hi${P}` {
  const locale = useLocale();
  return useMemo(
    () =>
      <P extends string>(path: P) =>
        pathInLocale(path, locale),
    [locale],
  );
}

const mark = '\u0000';

/**
 * A message whose placeholders are elements (`Press {keys} to bookmark`), in the active
 * language's word order: `withElements(t, 'id', { keys: <Kbd>Ctrl</Kbd> })`.
 */
export function withElements(
  t: (id: string, values?: Record<string, unknown>) => string,
  id: string,
  elements: Record<string, ReactNode>,
): ReactNode {
  const values = Object.fromEntries(
    Object.keys(elements).map((name) => [name, `${mark}${name}${mark}`]),
  );
  const parts = t(id, values).split(mark);
  // Odd parts are placeholder names, even parts the text between them.
  return parts.map((part, index) =>
    createElement(Fragment, { key: index }, index % 2 === 1 ? elements[part] : part),
  );
}
