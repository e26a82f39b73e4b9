import type { IsoDate } from '../../src/domain/policy/dates.ts';

/** The calendar date in a time zone (Asia/Kolkata by default for an Indian audience). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
