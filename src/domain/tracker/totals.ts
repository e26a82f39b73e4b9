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
  /** null when the type is unknown on this device. */
  type: { name: string } | null;
}

/** What a policy without a known type is totalled under. */
export const UNTYPED_COVER_LABEL = 'Other';

export interface CoverByType {
  typeName: string;
  amount: number;
}

export interface PortfolioTotals {
  /** Yearly premium across policies that have not lapsed (Active and Due Soon). */
  annualPremium: number;
  /**
   * Cover per policy type across the same policies: a car's value, a home's and a family's
   * health cover are different things, so they are never added into one figure. By type name.
   */
  coverByType: CoverByType[];
  /** How many policies the totals include: every one that has not lapsed. */
  counted: number;
  /** Of those, how many have no premium entered (they add nothing to the premium). */
  withoutPremium: number;
}

export function portfolioTotals(
  policies: readonly TotalsPolicy[],
  today: IsoDate,
): PortfolioTotals {
  let annualPremium = 0;
  let counted = 0;
  let withoutPremium = 0;
  const cover = new Map<string, number>();
  for (const p of policies) {
    if (policyStatus(p.next_renewal_date, today).status === 'lapsed') continue;
    counted += 1;
    if (p.premium_amount === null) withoutPremium += 1;
    else annualPremium += annualisedPremium(p.premium_amount, p.renewal_frequency);
    if (p.sum_insured !== null) {
      const name = p.type?.name ?? UNTYPED_COVER_LABEL;
      cover.set(name, (cover.get(name) ?? 0) + p.sum_insured);
    }
  }
  const coverByType = [...cover]
    .map(([typeName, amount]) => ({ typeName, amount }))
    .sort((a, b) => a.typeName.localeCompare(b.typeName, 'en-IN', { sensitivity: 'base' }));
  return { annualPremium, coverByType, counted, withoutPremium };
}
