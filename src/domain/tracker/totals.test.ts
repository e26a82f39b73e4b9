import { describe, expect, it } from 'vitest';
import { annualisedPremium, portfolioTotals } from './totals';

describe('annualisedPremium', () => {
  it.each([
    [1000, 'monthly', 12000],
    [6000, '6-monthly', 12000],
    [15000, 'yearly', 15000],
    [30000, '3-yearly', 10000],
  ] as const)('%d paid %s is %d a year', (amount, frequency, yearly) => {
    expect(annualisedPremium(amount, frequency)).toBeCloseTo(yearly, 6);
  });
});

describe('portfolioTotals', () => {
  const today = '2026-03-10';
  it('adds annualised premiums and cover of policies that have not lapsed', () => {
    const totals = portfolioTotals(
      [
        // active, monthly premium
        {
          next_renewal_date: '2026-06-01',
          renewal_frequency: 'monthly',
          premium_amount: 1000,
          sum_insured: 500000,
        },
        // due today still counts
        {
          next_renewal_date: '2026-03-10',
          renewal_frequency: '3-yearly',
          premium_amount: 30000,
          sum_insured: 10000000,
        },
        // no amounts given
        {
          next_renewal_date: '2026-04-01',
          renewal_frequency: 'yearly',
          premium_amount: null,
          sum_insured: null,
        },
        // lapsed: left out
        {
          next_renewal_date: '2026-03-09',
          renewal_frequency: 'yearly',
          premium_amount: 99999,
          sum_insured: 99999,
        },
      ],
      today,
    );
    expect(totals).toEqual({ annualPremium: 22000, totalCover: 10500000, counted: 3 });
  });

  it('is zero for no policies', () => {
    expect(portfolioTotals([], today)).toEqual({ annualPremium: 0, totalCover: 0, counted: 0 });
  });
});
