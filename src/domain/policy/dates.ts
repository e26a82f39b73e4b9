import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** A calendar date as stored: `YYYY-MM-DD`, never a Date with a time or a zone. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): value is IsoDate {
  if (!ISO_DATE.test(value)) return false;
  const parsed = dayjs.utc(value, 'YYYY-MM-DD');
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === value;
}

export { localToday } from '../local-today.ts';

/**
 * Whole days from `from` to `to`. Both are calendar dates, so the arithmetic is done in UTC where
 * every day has 24 hours; daylight-saving shifts cannot turn 30 days into 29.96.
 */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

export function addMonths(date: IsoDate, months: number): IsoDate {
  // dayjs clamps to the last day of a shorter month (31 Jan + 1 month = 28/29 Feb), the same
  // rule as PostgreSQL's `date + interval`, so client and server agree.
  return dayjs.utc(date).add(months, 'month').format('YYYY-MM-DD');
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}
