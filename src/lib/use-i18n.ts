import { useMemo, useSyncExternalStore } from 'react';
import { activeLocale, i18n, type Locale } from './i18n';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
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
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  const locale = useLocale();
  // A new function per language, so memoised children that take `t` follow a switch too.
  return useMemo(() => {
    void locale;
    return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
  }, [locale]);
}
