import { describe, expect, it } from 'vitest';
import type { RenewalFrequencyValue } from '../schemas/policy';
import {
  NO_MEMBER_LABEL,
  paidSummary,
  premiumOutlook,
  renewalsBefore,
  type OutlookPolicy,
} from './outlook';
import { portfolioTotals } from './totals';

let counter = 0;
function policy(
  next_renewal_date: string,
  renewal_frequency: RenewalFrequencyValue,
  premium_amount: number | null,
  extra: Partial<OutlookPolicy> = {},
): OutlookPolicy {
  counter += 1;
  return {
    id: `p${counter}`,
    insurer_name: `Insurer ${counter}`,
    start_date: next_renewal_date,
    next_renewal_date,
    renewal_frequency,
    premium_amount,
    sum_insured: null,
    type: { name: 'Health' },
    members: [],
    ...extra,
  };
}

function windows(policies: OutlookPolicy[], today: string) {
  return premiumOutlook(policies, today).windows.map((w) => [w.days, w.amount, w.premiums]);
}

describe('renewalsBefore', () => {
  it.each([
    // Month ends come back to the month's end, as the calendar file repeats them.
    [
      '2026-01-31',
      'monthly',
      '2026-06-01',
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'],
    ],
    ['2028-01-30', 'monthly', '2028-04-01', ['2028-01-30', '2028-02-29', '2028-03-30']],
    ['2026-08-31', '6-monthly', '2028-01-01', ['2026-08-31', '2027-02-28', '2027-08-31']],
    [
      '2028-02-29',
      'yearly',
      '2033-01-01',
      ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'],
    ],
    ['2026-11-24', '3-yearly', '2033-01-01', ['2026-11-24', '2029-11-24', '2032-11-24']],
    ['2026-11-24', 'yearly', '2026-11-24', []],
  ] as const)('%s %s before %s', (next, frequency, end, dates) => {
    expect(
      renewalsBefore(
        { start_date: next, next_renewal_date: next, renewal_frequency: frequency },
        end,
      ),
    ).toEqual(dates);
  });

  it('repeats on the renewal day once a short month has cut it (started 31 Jan, due 28 Feb)', () => {
    expect(
      renewalsBefore(
        { start_date: '2026-01-31', next_renewal_date: '2026-02-28', renewal_frequency: 'monthly' },
        '2026-05-01',
      ),
    ).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });
});

describe('premiumOutlook windows', () => {
  const today = '2026-03-10';

  it('counts every renewal in the window: a monthly premium due today is 1, 3 and 12 premiums', () => {
    expect(windows([policy(today, 'monthly', 1000)], today)).toEqual([
      [30, 1000, 1],
      [90, 3000, 3],
      [365, 12000, 12],
    ]);
  });

  it('a monthly premium due tomorrow is still 12 in 365 days, not 13', () => {
    expect(windows([policy('2026-03-11', 'monthly', 1000)], today)).toEqual([
      [30, 1000, 1],
      [90, 3000, 3],
      [365, 12000, 12],
    ]);
  });

  it('includes today and the next days − 1: day 29 is in the 30 days, day 30 is not', () => {
    const out = premiumOutlook(
      [policy('2026-04-08', 'yearly', 100), policy('2026-04-09', 'yearly', 10)],
      today,
    );
    expect(out.windows.map((w) => [w.through, w.amount])).toEqual([
      ['2026-04-08', 100],
      ['2026-06-07', 110],
      ['2027-03-09', 110],
    ]);
  });

  it('a yearly premium due today is one premium in 365 days, in a leap year too', () => {
    expect(windows([policy(today, 'yearly', 15000)], today)).toEqual([
      [30, 15000, 1],
      [90, 15000, 1],
      [365, 15000, 1],
    ]);
    // From 29 Feb 2028 the next renewal is 28 Feb 2029, 365 days later: outside the window.
    expect(windows([policy('2028-02-29', 'yearly', 15000)], '2028-02-29')).toEqual([
      [30, 15000, 1],
      [90, 15000, 1],
      [365, 15000, 1],
    ]);
    // Through a leap day the year has 366 days: the next renewal still falls outside.
    expect(windows([policy('2028-01-01', 'yearly', 500)], '2028-01-01')[2]).toEqual([365, 500, 1]);
  });

  it('6-monthly counts twice in a year, 3-yearly once or not at all', () => {
    expect(
      windows(
        [
          policy('2026-05-01', '6-monthly', 8000),
          policy('2026-12-01', '3-yearly', 30000),
          policy('2027-03-10', '3-yearly', 99999),
        ],
        today,
      ),
    ).toEqual([
      [30, 0, 0],
      [90, 8000, 1],
      [365, 46000, 3],
    ]);
  });

  it('a monthly premium from 31 Jan counts 12 month-end renewals in 365 days', () => {
    // 31 Jan and 28 Feb are 28 days apart; 31 Jan to 30 Apr is 89 days.
    expect(windows([policy('2026-01-31', 'monthly', 2500)], '2026-01-31')).toEqual([
      [30, 5000, 2],
      [90, 10000, 4],
      [365, 30000, 12],
    ]);
  });

  it('sums in paise, so 0.1 + 0.2 is 0.3', () => {
    expect(
      windows([policy(today, 'yearly', 0.1), policy('2026-03-12', 'yearly', 0.2)], today)[0],
    ).toEqual([30, 0.3, 2]);
  });

  it('leaves lapsed policies out of every figure and lists them, earliest first', () => {
    const out = premiumOutlook(
      [
        policy('2026-03-09', 'monthly', 1000, { id: 'late', insurer_name: 'Late' }),
        policy('2025-12-01', 'yearly', 5000, { id: 'older', insurer_name: 'Older' }),
        policy('2026-03-20', 'yearly', 700),
      ],
      today,
    );
    expect(out.windows.map((w) => w.amount)).toEqual([700, 700, 700]);
    expect(out.months.reduce((sum, m) => sum + m.amount, 0)).toBe(700);
    expect(out.annualPremium).toBe(700);
    expect(out.byType).toEqual([{ label: 'Health', amount: 700, policies: 1 }]);
    expect(out.lapsed).toEqual([
      { id: 'older', insurer_name: 'Older', next_renewal_date: '2025-12-01' },
      { id: 'late', insurer_name: 'Late', next_renewal_date: '2026-03-09' },
    ]);
    expect(out.counted).toBe(1);
  });

  it('a policy without a premium adds nothing and is counted as such', () => {
    const out = premiumOutlook(
      [policy(today, 'monthly', null), policy('2026-04-01', 'yearly', 1200)],
      today,
    );
    expect(out.windows.map((w) => [w.amount, w.premiums])).toEqual([
      [1200, 1],
      [1200, 1],
      [1200, 1],
    ]);
    expect(out.counted).toBe(2);
    expect(out.withoutPremium).toBe(1);
    expect(out.byType).toEqual([{ label: 'Health', amount: 1200, policies: 1 }]);
  });

  it('nothing at all: every figure is zero and the months are still there to show', () => {
    const out = premiumOutlook([], today);
    expect(out.windows.map((w) => w.amount)).toEqual([0, 0, 0]);
    expect(out.months).toHaveLength(12);
    expect(out.byType).toEqual([]);
    expect(out.byMember).toEqual([]);
  });
});

describe('premiumOutlook months', () => {
  it('has twelve calendar months from this one, each with its premiums and insurers', () => {
    const out = premiumOutlook(
      [
        policy('2026-11-24', 'yearly', 18500, { insurer_name: 'Star Health' }),
        policy('2026-11-05', 'monthly', 1000, { insurer_name: 'HDFC Life' }),
        policy('2027-02-01', '6-monthly', 4000, { insurer_name: 'Tata AIG' }),
      ],
      '2026-11-20',
    );
    expect(out.months.map((m) => m.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
    ]);
    // HDFC Life's 5 Nov lapsed the monthly policy: it is not counted anywhere.
    expect(out.months[0]).toEqual({
      month: '2026-11',
      amount: 18500,
      premiums: 1,
      insurers: ['Star Health'],
    });
    expect(out.months[3]).toEqual({
      month: '2027-02',
      amount: 4000,
      premiums: 1,
      insurers: ['Tata AIG'],
    });
    expect(out.months[9]).toMatchObject({ month: '2027-08', amount: 4000 });
    expect(out.months[1]).toEqual({ month: '2026-12', amount: 0, premiums: 0, insurers: [] });
  });

  it('counts a monthly policy in every month, insurers in date order and each once', () => {
    const out = premiumOutlook(
      [
        policy('2026-01-31', 'monthly', 1000, { insurer_name: 'Zeta' }),
        policy('2026-01-31', 'monthly', 500, { insurer_name: 'Alpha' }),
        policy('2026-01-15', '6-monthly', 3000, { insurer_name: 'Beta' }),
      ],
      '2026-01-10',
    );
    expect(out.months.map((m) => m.amount)).toEqual([
      4500, 1500, 1500, 1500, 1500, 1500, 4500, 1500, 1500, 1500, 1500, 1500,
    ]);
    expect(out.months[0]?.insurers).toEqual(['Beta', 'Zeta', 'Alpha']);
    expect(out.months[1]?.premiums).toBe(2);
  });
});

describe('premiumOutlook by type and by member', () => {
  const today = '2026-03-10';
  const asha = { person_id: 'a', name: 'Asha', relationship: 'Self' };
  const ravi = { person_id: 'r', name: 'Ravi', relationship: 'Spouse' };

  it('gives yearly premiums by type, adding up to the dashboard total', () => {
    const policies = [
      policy('2026-04-01', 'monthly', 1000, { type: { name: 'Health' } }),
      policy('2026-05-01', 'yearly', 9000, { type: { name: 'Vehicle' } }),
      policy('2026-06-01', '3-yearly', 30000, { type: null }),
      policy('2026-07-01', 'yearly', 3000, { type: { name: 'Health' } }),
    ];
    const out = premiumOutlook(policies, today);
    expect(out.byType).toEqual([
      { label: 'Health', amount: 15000, policies: 2 },
      { label: 'Other', amount: 10000, policies: 1 },
      { label: 'Vehicle', amount: 9000, policies: 1 },
    ]);
    expect(out.annualPremium).toBe(portfolioTotals(policies, today).annualPremium);
    expect(out.annualPremium).toBe(34000);
  });

  it('splits a policy covering two members equally, so members add up to the total', () => {
    const out = premiumOutlook(
      [
        policy('2026-04-01', 'yearly', 12000, { members: [asha, ravi] }),
        policy('2026-05-01', 'monthly', 500, { members: [asha] }),
        policy('2026-06-01', 'yearly', 2000),
      ],
      today,
    );
    expect(out.byMember).toEqual([
      { label: 'Asha (Self)', amount: 12000, policies: 2 },
      { label: 'Ravi (Spouse)', amount: 6000, policies: 1 },
      { label: NO_MEMBER_LABEL, amount: 2000, policies: 1 },
    ]);
    expect(out.byMember.reduce((sum, m) => sum + m.amount, 0)).toBe(out.annualPremium);
  });

  it('a three-way split keeps the fractions, adding up to the total', () => {
    const carol = { person_id: 'c', name: 'Carol', relationship: 'Mother' };
    const out = premiumOutlook(
      [policy('2026-04-01', 'yearly', 10000, { members: [asha, ravi, carol] })],
      today,
    );
    expect(out.byMember.map((m) => m.amount.toFixed(4))).toEqual([
      '3333.3333',
      '3333.3333',
      '3333.3333',
    ]);
    expect(out.byMember.reduce((sum, m) => sum + m.amount, 0)).toBeCloseTo(10000, 6);
  });
});

describe('paidSummary', () => {
  it('sums last calendar year and this one up to today, in paise', () => {
    const summary = paidSummary(
      [
        { amount: 1000, paid_on: '2025-12-31' },
        { amount: 500, paid_on: '2025-01-01' },
        { amount: 9999, paid_on: '2024-12-31' },
        { amount: 200.1, paid_on: '2026-01-05' },
        { amount: 0.2, paid_on: '2026-03-10' },
        // Entered ahead of time: not paid yet.
        { amount: 7777, paid_on: '2026-03-11' },
      ],
      '2026-03-10',
    );
    expect(summary).toEqual({
      lastYear: { year: 2025, amount: 1500, payments: 2 },
      thisYear: { year: 2026, amount: 200.3, payments: 2 },
    });
  });

  it('is zero for years without payments', () => {
    expect(paidSummary([], '2026-01-01')).toEqual({
      lastYear: { year: 2025, amount: 0, payments: 0 },
      thisYear: { year: 2026, amount: 0, payments: 0 },
    });
  });
});
