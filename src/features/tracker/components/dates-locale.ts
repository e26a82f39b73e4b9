import { useEffect, useState } from 'react';
import type { Locale } from '@/lib/i18n';
import { useLocale } from '@/lib/use-i18n';

/**
 * dayjs's month and weekday names for the date picker (Mantine formats its calendar with
 * dayjs). English is built in; Hindi's names are fetched when Hindi is first shown with a date
 * picker, so neither the home page nor an English reader downloads them.
 */
const loaders: Partial<Record<Locale, () => Promise<unknown>>> = {
  hi: () => import('dayjs/locale/hi'),
};
const loaded = new Set<Locale>(['en']);

/** The dayjs locale for the active language: English until the language's names arrive. */
export function useDatesLocale(): Locale {
  const locale = useLocale();
  const [, setArrived] = useState<Locale | null>(null);
  useEffect(() => {
    const load = loaders[locale];
    if (loaded.has(locale) || load === undefined) return;
    let current = true;
    void load().then(() => {
      loaded.add(locale);
      if (current) setArrived(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded.has(locale) ? locale : 'en';
}
