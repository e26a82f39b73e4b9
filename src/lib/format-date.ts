import { monthNames } from '@/domain/month-names';
import { activeLocale, intlLocale, type Locale } from './i18n';

/**
 * How a date is written: `short` "24 Nov 2026" · "24 नव॰ 2026"; `long` "24 November 2026" ·
 * "24 नवंबर 2026"; `month` "November 2026" · "नवंबर 2026"; `published`, a news article's day
 * in India's time zone, "23 October 2025" · "23 अक्टूबर 2025" (the pre-rendered pages are
 * written at build time on a machine in any zone and must read the same when the browser takes
 * them over).
 */
export type DateStyle = 'short' | 'long' | 'month' | 'published';

// Dates are written from ICU's month names (src/domain/month-names.ts) rather than by an
// Intl.DateTimeFormat: the first formatter a page makes reads ICU's date data, 14-30 ms on a fast
// machine, which on the news list and on every Hindi page (the footer's licence date) was the
// longest task of the page's start at a slow phone's speed (issue 22: total blocking time).

/** India has kept UTC+5:30 all year since 1945: a news article's day there, on any device. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * A calendar date ("2026-11-24") or a timestamp's day (on this device's clock, or in India's for
 * the news' `published`) in the active language's words. A calendar date is that day wherever
 * the device is.
 */
export function formatDate(
  value: string,
  style: DateStyle = 'short',
  locale: Locale = activeLocale(),
): string {
  const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = Date.parse(calendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  // A calendar date and a news article's day are read in UTC (the latter shifted to India's
  // clock); any other timestamp on this device's clock.
  const date = new Date(style === 'published' && !calendarDate ? time + INDIA_OFFSET_MS : time);
  const utc = calendarDate || style === 'published';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const names = monthNames[locale];
  if (style === 'month') return `${names.long[month]} ${year}`;
  return `${day} ${(style === 'short' ? names.short : names.long)[month]} ${year}`;
}

/**
 * A moment on this device's clock (or in `timeZone`): "24 Nov 2025, 10:32 am" · "24 नव॰ 2025,
 * 10:32". Hindi takes the 24-hour clock: its "am"/"pm" would be the one English word left in
 * a Hindi sentence.
 */
export function formatMoment(at: Date, locale: Locale = activeLocale(), timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(locale === 'hi' ? { hourCycle: 'h23' } : {}),
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}
