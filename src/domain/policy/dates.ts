import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { boundedMemo } from '../bounded-memo.ts';

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
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === undefined || end === undefined) return dayjs.utc(to).diff(dayjs.utc(from), 'day');
  return end - start;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date, without dayjs: the dashboard works out every
 * policy's status several times per render, and parsing with dayjs was most of that time.
 */
// Thousands of policies share a few hundred dates, and each is worked out several times per
// render (card, summary, totals, due list): remembered, a repeat is one lookup.
const dayNumber = boundedMemo(computeDayNumber, 10_000);

function computeDayNumber(date: IsoDate): number | undefined {
  if (!ISO_DATE.test(date)) return undefined;
  // setUTCFullYear, not Date.UTC, which would read the years 0–99 as 1900–1999.
  const time = new Date(0).setUTCFullYear(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
  return Math.round(time / DAY_MS);
}

export function addMonths(date: IsoDate, months: number): IsoDate {
  // dayjs clamps to the last day of a shorter month (31 Jan + 1 month = 28/29 Feb), the same
  // rule as PostgreSQL's `date + interval`, so client and server agree.
  return dayjs.utc(date).add(months, 'month').format('YYYY-MM-DD');
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}
