import { policyStatus, type IsoDate } from '../policy';
import type { RenewalFrequencyValue } from '../schemas/policy';

/** How many premiums fall in a year for each renewal frequency. */
export const paymentsPerYear: Record<RenewalFrequencyValue, number> = {
  monthly: 12,
  '6-monthly': 2,
  yearly: 1,
  '3-yearly': 1 / 3,
};

/** A premium paid once per renewal period, expressed per year. */
export function annualisedPremium(amount: number, frequency: RenewalFrequencyValue): number {
  return amount * paymentsPerYear[frequency];
}

export interface TotalsPolicy {
  next_renewal_date: IsoDate;
  renewal_frequency: RenewalFrequencyValue;
  premium_amount: number | null;
  sum_insured: number | null;
}

export interface PortfolioTotals {
  /** Yearly premium across policies that have not lapsed. */
  annualPremium: number;
  /** Cover across the same policies: a lapsed policy no longer covers anyone. */
  totalCover: number;
  /** How many policies the totals include. */
  counted: number;
}

export function portfolioTotals(
  policies: readonly TotalsPolicy[],
  today: IsoDate,
): PortfolioTotals {
  let annualPremium = 0;
  let totalCover = 0;
  let counted = 0;
  for (const p of policies) {
    if (policyStatus(p.next_renewal_date, today).status === 'lapsed') continue;
    counted += 1;
    if (p.premium_amount !== null) {
      annualPremium += annualisedPremium(p.premium_amount, p.renewal_frequency);
    }
    if (p.sum_insured !== null) totalCover += p.sum_insured;
  }
  return { annualPremium, totalCover, counted };
}
