/**
 * Local-time renderings for the admin tables. `locale` and `timeZone` are parameters so tests
 * are deterministic; the screens pass nothing and get the browser's own.
 */
export interface LocaleOptions {
  locale?: string;
  timeZone?: string;
}

function valid(d: Date): boolean {
  return !Number.isNaN(d.getTime());
}

/** A timestamptz as a local calendar date, e.g. "23/10/2025" in en-IN. */
export function formatLocalDate(iso: string, opts: LocaleOptions = {}): string {
  const d = new Date(iso);
  if (!valid(d)) return '';
  return d.toLocaleDateString(opts.locale, { timeZone: opts.timeZone });
}

/** A timestamptz as local date and time, e.g. "23/10/2025, 10:00:00 am" in en-IN. */
export function formatLocalDateTime(iso: string, opts: LocaleOptions = {}): string {
  const d = new Date(iso);
  if (!valid(d)) return '';
  return d.toLocaleString(opts.locale, {
    timeZone: opts.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** Last sign in: local date and time, or 'Never' for an account that never signed in. */
export function formatLastSignIn(iso: string | null, opts: LocaleOptions = {}): string {
  return iso ? formatLocalDateTime(iso, opts) || 'Never' : 'Never';
}

/**
 * A Postgres `date` ("2026-04-01") as a local date. It is a calendar day, not an instant, so it
 * is built from its parts in local time: `new Date("2026-04-01")` would be UTC midnight and
 * show the previous day west of Greenwich.
 */
export function formatCalendarDate(ymd: string, opts: { locale?: string } = {}): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.toLocaleDateString(opts.locale);
}
