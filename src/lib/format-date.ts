import { activeLocale, intlLocale, type Locale } from './i18n';

const dateStyles = {
  /** "24 Nov 2026" · "24 नव॰ 2026" */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "24 November 2026" · "24 नवंबर 2026" */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "November 2026" · "नवंबर 2026" */
  month: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar date ("2026-11-24") or a timestamp's day (on this device's clock) in the active
 * language's words. A calendar date is formatted as that day wherever the device is.
 */
export function formatDate(
  value: string,
  style: keyof typeof dateStyles = 'short',
  locale: Locale = activeLocale(),
): string {
  const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = Date.parse(calendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  return new Intl.DateTimeFormat(intlLocale[locale], {
    ...dateStyles[style],
    ...(calendarDate ? { timeZone: 'UTC' } : {}),
  }).format(time);
}
