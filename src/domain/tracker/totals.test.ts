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
  const health = { name: 'Health' };
  const motor = { name: 'Motor' };
  it('adds annualised premiums of policies that have not lapsed, and cover per type', () => {
    const totals = portfolioTotals(
      [
        // active, monthly premium
        {
          next_renewal_date: '2026-06-01',
          renewal_frequency: 'monthly',
          premium_amount: 1000,
          sum_insured: 500000,
          type: health,
        },
        // due today still counts
        {
          next_renewal_date: '2026-03-10',
          renewal_frequency: '3-yearly',
          premium_amount: 30000,
          sum_insured: 1000000,
          type: health,
        },
        // a car's value is not health cover
        {
          next_renewal_date: '2026-08-01',
          renewal_frequency: '6-monthly',
          premium_amount: 3000,
          sum_insured: 600000,
          type: motor,
        },
        // no amounts given
        {
          next_renewal_date: '2026-04-01',
          renewal_frequency: 'yearly',
          premium_amount: null,
          sum_insured: null,
          type: motor,
        },
        // type unknown on this device
        {
          next_renewal_date: '2026-04-01',
          renewal_frequency: 'yearly',
          premium_amount: null,
          sum_insured: 200000,
          type: null,
        },
        // lapsed: left out
        {
          next_renewal_date: '2026-03-09',
          renewal_frequency: 'yearly',
          premium_amount: 99999,
          sum_insured: 99999,
          type: health,
        },
      ],
      today,
    );
    expect(totals).toEqual({
      annualPremium: 12000 + 10000 + 6000,
      coverByType: [
        { typeName: 'Health', amount: 1500000 },
        { typeName: 'Motor', amount: 600000 },
        { typeName: 'Other', amount: 200000 },
      ],
      counted: 5,
      withoutPremium: 2,
    });
  });

  it('is zero for no policies', () => {
    expect(portfolioTotals([], today)).toEqual({
      annualPremium: 0,
      coverByType: [],
      counted: 0,
      withoutPremium: 0,
    });
  });
});
