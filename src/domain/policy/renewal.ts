import { addMonths, type IsoDate } from './dates';

export const renewalFrequencyMonths = {
  monthly: 1,
  '6-monthly': 6,
  yearly: 12,
  '3-yearly': 36,
} as const;

export type RenewalFrequency = keyof typeof renewalFrequencyMonths;

/** Mark Renewed: the next renewal moves forward one period from its current value. */
export function nextRenewalAfter(current: IsoDate, frequency: RenewalFrequency): IsoDate {
  return addMonths(current, renewalFrequencyMonths[frequency]);
}
