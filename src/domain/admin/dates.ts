/**
 * Local-time renderings for the admin tables, all in one format: "24 Oct 2025", with the time
 * as "24 Oct 2025, 10:00 am" — the tracker's "DD MMM YYYY" (src/domain/tracker/dates.ts).
 * Month names are spelt here, not by the browser's Intl data: en-IN writes September as
 * "Sep" in one Intl version and "Sept" in the next.
 */
export interface LocaleOptions {
  /** The tests pin it; the screens pass nothing and get the browser's own time zone. */
  timeZone?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The one formatter behind every admin date. */
function format(d: Date, opts: LocaleOptions, withTime: boolean): string {
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone: opts.timeZone,
  }).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('day')} ${MONTHS[Number(part('month')) - 1] ?? ''} ${part('year')}`;
  if (!withTime) return date;
  return `${date}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** A timestamptz as a local calendar date, e.g. "24 Oct 2025". */
export function formatLocalDate(iso: string, opts: LocaleOptions = {}): string {
  return format(new Date(iso), opts, false);
}

/** A timestamptz as local date and time, e.g. "24 Oct 2025, 10:00 am". */
export function formatLocalDateTime(iso: string, opts: LocaleOptions = {}): string {
  return format(new Date(iso), opts, true);
}

/** Last sign in: local date and time, or 'Never' for an account that never signed in. */
export function formatLastSignIn(iso: string | null, opts: LocaleOptions = {}): string {
  return iso ? formatLocalDateTime(iso, opts) || 'Never' : 'Never';
}

/**
 * A Postgres `date` ("2026-04-01") as "01 Apr 2026". It is a calendar day, not an instant, so
 * it is built from its parts in local time: `new Date("2026-04-01")` would be UTC midnight and
 * show the previous day west of Greenwich.
 */
export function formatCalendarDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  return format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), {}, false);
}
