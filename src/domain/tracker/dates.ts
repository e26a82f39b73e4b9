import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import utc from 'dayjs/plugin/utc';
import { isIsoDate, type IsoDate } from '../policy';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

/** How the tracker shows a calendar date: "15 Mar 2027" (en-IN day-month order). */
export const POLICY_DATE_FORMAT = 'DD MMM YYYY';

export function formatPolicyDate(date: IsoDate): string {
  // UTC: the value is a calendar date, and no time zone may move it to the day before.
  return dayjs.utc(date, 'YYYY-MM-DD').format(POLICY_DATE_FORMAT);
}

/** A calendar month, `YYYY-MM`, as the tracker shows it: "Mar 2027". */
export function formatPolicyMonth(month: string): string {
  return dayjs.utc(`${month}-01`, 'YYYY-MM-DD').format('MMM YYYY');
}

/** Spellings a person types for a date in India, day before month. */
const inputFormats = [
  'DD MMM YYYY',
  'D MMM YYYY',
  'DD MMMM YYYY',
  'D MMMM YYYY',
  'DD/MM/YYYY',
  'D/M/YYYY',
  'DD-MM-YYYY',
  'D-M-YYYY',
  'DD.MM.YYYY',
  'YYYY-MM-DD',
];

/** Reads a typed date; null when it is not a real calendar date in one of those spellings. */
export function parseUserDate(text: string): IsoDate | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return null;
  // An export's own spelling, and no other format reads it: one check instead of ten parses
  // (1,000 imported rows spent over a second here).
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return isIsoDate(trimmed) ? trimmed : null;
  for (const format of inputFormats) {
    const parsed = dayjs.utc(trimmed, format, true);
    if (parsed.isValid()) {
      const iso = parsed.format('YYYY-MM-DD');
      if (isIsoDate(iso)) return iso;
    }
  }
  return null;
}
