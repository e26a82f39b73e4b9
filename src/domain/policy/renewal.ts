// The one rule for a policy's renewal dates: Mark Renewed, the renewal dialog's preview, the
// sync engine's replay of a renewal, the premium outlook and the calendar file's RRULE all
// take it from here, and public.next_renewal_after (migration 20261126120000) is its port for
// the server's renewals, checked against it in tests/integration/sync/renewal-dates.test.ts.
// No imports, with an explicit `.ts` path where it is imported, so Deno runs it too (the
// calendar feed's Edge Function reads it through src/domain/calendar/ics.ts).

export const renewalFrequencyMonths = {
  monthly: 1,
  '6-monthly': 6,
  yearly: 12,
  '3-yearly': 36,
} as const;

export type RenewalFrequency = keyof typeof renewalFrequencyMonths;

/** What a policy's renewal dates follow from; dates are `YYYY-MM-DD`. */
export interface RenewalSchedule {
  start_date: string;
  next_renewal_date: string;
  renewal_frequency: RenewalFrequency;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function dateParts(iso: string): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`Not a calendar date: ${iso}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Months since year 0, so a period is plain addition. */
const monthIndex = (d: Pick<DateParts, 'year' | 'month'>) => d.year * 12 + d.month - 1;

/** Days in a month (1–12): day 0 of the next month is this one's last. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The day of the month the renewals fall on, where a month has it (shorter months take their
 * last day). A renewal date on the start date's day, in step with it by whole periods, keeps
 * the start's day, even where the month cut it short: started 31 Jan, monthly, due 28 Feb,
 * the day is 31, so the next is 31 Mar. Any other renewal date (one typed by hand that is not
 * in step) keeps its own day. The stored next date alone cannot say this: 28 Feb is the end
 * of 31 Jan's month just as it is 28 Jan's 28th, and the start date is what tells them apart.
 *
 * So a renewal day after the 28th that is not the start's is lost once a shorter month cuts
 * it (started 15 Jan, due 30 Jan monthly: 28 Feb, then 28 Mar), and one not the start's but
 * landing on it in a shorter month keeps to the start's from then on (started 30 Jan, due 31
 * Mar: 30 Apr, then 30 May). The app, the server and the feed still agree, as each reads the
 * day from the dates as they are now; only a calendar file downloaded before that renewal
 * repeats on the old day (keeping it would take a stored renewal day).
 */
export function renewalDay(schedule: RenewalSchedule): number {
  const start = dateParts(schedule.start_date);
  const next = dateParts(schedule.next_renewal_date);
  const inStep =
    (monthIndex(next) - monthIndex(start)) % renewalFrequencyMonths[schedule.renewal_frequency] ===
    0;
  const onStartDay = next.day === Math.min(start.day, daysInMonth(next.year, next.month));
  return inStep && onStartDay ? start.day : next.day;
}

/**
 * The renewal `periods` periods after the next one (0: the next one itself), on the renewal
 * day (renewalDay) or the month's last day where the month is shorter: started 31 Jan monthly,
 * 28 Feb, 31 Mar, 30 Apr…, as the calendar file's RRULE repeats it. Stepping from each clamped
 * date instead would slide to the 28th for good and fit a 13th monthly premium into a year.
 */
export function renewalAfterPeriods(schedule: RenewalSchedule, periods: number): string {
  const day = renewalDay(schedule);
  const index =
    monthIndex(dateParts(schedule.next_renewal_date)) +
    renewalFrequencyMonths[schedule.renewal_frequency] * periods;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

/** Mark Renewed: the next renewal moves forward one period. */
export function nextRenewalAfter(schedule: RenewalSchedule): string {
  return renewalAfterPeriods(schedule, 1);
}
