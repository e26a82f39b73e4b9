import { activeLocale, intlLocale, type Locale } from './i18n';

const dateStyles = {
  /** "24 Nov 2026" · "24 नव॰ 2026" */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "24 November 2026" · "24 नवंबर 2026" */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "November 2026" · "नवंबर 2026" */
  month: { month: 'long', year: 'numeric' },
  /**
   * A news article's day in India's time zone, "23 October 2025" · "23 अक्तूबर 2025": the
   * pre-rendered pages are written at build time on a machine in any zone and must read the
   * same when the browser takes them over.
   */
  published: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' },
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
  return dateFormat(locale, style, calendarDate).format(time);
}

/**
 * Makes the formatter of a timestamp's `style` ahead of its first date (issue 22): the first
 * formatter in a zone (the news' India time) reads the zone's data, about 14 ms on a fast
 * machine, which a page can then spend in a task of its own instead of in its hydrating render.
 */
export function prepareDateFormat(
  style: keyof typeof dateStyles,
  locale: Locale = activeLocale(),
): void {
  dateFormat(locale, style, false).format(0);
}

// One per language, style and zone: making a formatter reads the language's data, and one per
// date made the news list's hydration a 15 ms stretch on this machine (issue 22). A moment's
// formatter takes the device's zone when made, so the key holds the zone's offset now: an app
// left open across a journey writes times in the new zone, as it did with a formatter per date.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(
  locale: Locale,
  style: keyof typeof dateStyles,
  calendarDate: boolean,
): Intl.DateTimeFormat {
  const key = `${locale} ${style} ${calendarDate ? 'UTC' : new Date().getTimezoneOffset()}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], {
      ...dateStyles[style],
      ...(calendarDate ? { timeZone: 'UTC' } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A moment on this device's clock (or in `timeZone`): "24 Nov 2025, 10:32 am" · "24 नव॰ 2025,
 * 10:32". Hindi takes the 24-hour clock: its "am"/"pm" would be the one English word left in
 * a Hindi sentence.
 */
export function formatMoment(at: Date, locale: Locale = activeLocale(), timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    ...dateStyles.short,
    hour: 'numeric',
    minute: '2-digit',
    ...(locale === 'hi' ? { hourCycle: 'h23' } : {}),
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}
