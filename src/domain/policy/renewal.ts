import { addMonths, type IsoDate } from './dates';

export const renewalFrequencyMonths = {
  monthly: 1,
  '6-monthly': 6,
  yearly: 12,
  '3-yearly': 36,
} as const;

export type RenewalFrequency = keyof typeof renewalFrequencyMonths;

/**
 * The renewal `periods` periods after `anchor`, counted from the anchor each time, so a month
 * end comes back where the month allows it (31 Jan monthly: 28 Feb, then 31 Mar), as the
 * calendar's RRULE repeats it. Stepping from each clamped date instead would slide to the 28th
 * for good and fit a 13th monthly premium into a year.
 */
export function renewalAfterPeriods(
  anchor: IsoDate,
  frequency: RenewalFrequency,
  periods: number,
): IsoDate {
  return addMonths(anchor, renewalFrequencyMonths[frequency] * periods);
}

/** Mark Renewed: the next renewal moves forward one period from its current value. */
export function nextRenewalAfter(current: IsoDate, frequency: RenewalFrequency): IsoDate {
  return renewalAfterPeriods(current, frequency, 1);
}
