import { addDays, addMonths, policyStatus, renewalAfterPeriods, type IsoDate } from '../policy';
import { paymentsByYear } from './payments';
import {
  annualisedPremium,
  portfolioTotals,
  UNTYPED_COVER_LABEL,
  type TotalsPolicy,
} from './totals';

/**
 * The premium outlook: what the user's policies will ask them to pay and when, from each
 * policy's next renewal date and frequency, and what they paid. Renewals repeat from the next
 * renewal date on the policy's renewal day, as Mark Renewed moves them and the calendar file's
 * RRULE repeats them (renewalAfterPeriods: started 31 Jan monthly, 28 Feb is followed by 31
 * Mar), so a monthly premium is 12 premiums a year.
 */

export interface OutlookMember {
  person_id: string;
  name: string;
  relationship: string;
}

export interface OutlookPolicy extends TotalsPolicy {
  id: string;
  start_date: IsoDate;
  insurer_name: string;
  members: readonly OutlookMember[];
}

/** The windows the outlook totals, in days from today (today included, the last day not). */
export const OUTLOOK_WINDOW_DAYS = [30, 90, 365] as const;
export type OutlookWindowDays = (typeof OUTLOOK_WINDOW_DAYS)[number];

/** How many calendar months the by-month view covers, starting with this one. */
export const OUTLOOK_MONTHS = 12;

/** What a policy covering nobody named is totalled under in the by-member view. */
export const NO_MEMBER_LABEL = 'No member named';

export interface OutlookWindow {
  days: OutlookWindowDays;
  /** The last day counted: today + days − 1. */
  through: IsoDate;
  /** Rupees, summed in paise. */
  amount: number;
  /** Premiums (with an amount) falling in the window; a monthly policy counts 12 in 365 days. */
  premiums: number;
}

export interface OutlookMonth {
  /** `YYYY-MM`. */
  month: string;
  amount: number;
  premiums: number;
  /** Insurers of the policies due that month, in date order, each once. */
  insurers: string[];
}

export interface OutlookShare {
  label: string;
  /** Yearly premium (annualised, as the dashboard's total). */
  amount: number;
  /** Policies counted towards it. */
  policies: number;
}

export interface LapsedPolicy {
  id: string;
  insurer_name: string;
  next_renewal_date: IsoDate;
}

export interface PremiumOutlook {
  windows: OutlookWindow[];
  months: OutlookMonth[];
  /** The dashboard's yearly premium of the policies not lapsed; byType and byMember add up to it. */
  annualPremium: number;
  byType: OutlookShare[];
  byMember: OutlookShare[];
  /** Policies counted (not lapsed), and of those how many have no premium entered. */
  counted: number;
  withoutPremium: number;
  /**
   * Left out of every figure: their renewal date has passed without a renewal, so when (and
   * whether) they will be paid again is unknown until the user renews or updates them.
   */
  lapsed: LapsedPolicy[];
}

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** `YYYY-MM-01` of the month `date` falls in. */
function monthStart(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/**
 * Every renewal of a policy from its next renewal date up to `end` (not included). Empty when
 * the next renewal is already at or after `end`.
 */
export function renewalsBefore(
  policy: Pick<OutlookPolicy, 'start_date' | 'next_renewal_date' | 'renewal_frequency'>,
  end: IsoDate,
): IsoDate[] {
  const dates: IsoDate[] = [];
  // ISO dates compare correctly as strings; every period is at least 28 days.
  for (let n = 0; ; n += 1) {
    const date = renewalAfterPeriods(policy, n);
    if (date >= end) return dates;
    dates.push(date);
  }
}

function byAmountThenLabel(a: OutlookShare, b: OutlookShare): number {
  return b.amount - a.amount || a.label.localeCompare(b.label, 'en-IN', { sensitivity: 'base' });
}

function shares(map: Map<string, { label: string; amount: number; policies: number }>) {
  return [...map.values()].sort(byAmountThenLabel);
}

export function memberLabel(member: Pick<OutlookMember, 'name' | 'relationship'>): string {
  return `${member.name} (${member.relationship})`;
}

export function premiumOutlook(policies: readonly OutlookPolicy[], today: IsoDate): PremiumOutlook {
  const windowEnds = OUTLOOK_WINDOW_DAYS.map((days) => addDays(today, days));
  const firstMonth = monthStart(today);
  const monthsEnd = addMonths(firstMonth, OUTLOOK_MONTHS);
  const horizon = [...windowEnds, monthsEnd].reduce((a, b) => (a > b ? a : b));

  const windowPaise = OUTLOOK_WINDOW_DAYS.map(() => ({ paise: 0, premiums: 0 }));
  const monthKeys = Array.from({ length: OUTLOOK_MONTHS }, (_, i) =>
    addMonths(firstMonth, i).slice(0, 7),
  );
  const months = new Map(
    monthKeys.map((month) => [month, { paise: 0, premiums: 0, dues: [] as [IsoDate, string][] }]),
  );
  const byType = new Map<string, { label: string; amount: number; policies: number }>();
  const byMember = new Map<string, { label: string; amount: number; policies: number }>();
  const lapsed: LapsedPolicy[] = [];

  for (const policy of policies) {
    if (policyStatus(policy.next_renewal_date, today).status === 'lapsed') {
      lapsed.push({
        id: policy.id,
        insurer_name: policy.insurer_name,
        next_renewal_date: policy.next_renewal_date,
      });
      continue;
    }
    const premium = policy.premium_amount;
    if (premium === null) continue;

    const paise = toPaise(premium);
    for (const date of renewalsBefore(policy, horizon)) {
      windowEnds.forEach((end, i) => {
        const sum = windowPaise[i];
        if (date < end && sum) {
          sum.paise += paise;
          sum.premiums += 1;
        }
      });
      const month = months.get(date.slice(0, 7));
      if (month) {
        month.paise += paise;
        month.premiums += 1;
        month.dues.push([date, policy.insurer_name]);
      }
    }

    const yearly = annualisedPremium(premium, policy.renewal_frequency);
    const typeName = policy.type?.name ?? UNTYPED_COVER_LABEL;
    const type = byType.get(typeName) ?? { label: typeName, amount: 0, policies: 0 };
    type.amount += yearly;
    type.policies += 1;
    byType.set(typeName, type);

    // Split equally, so the members add up to the total instead of counting a family
    // floater's premium once per person covered.
    const covered = policy.members.length > 0 ? policy.members : [null];
    for (const member of covered) {
      const key = member?.person_id ?? '';
      const entry = byMember.get(key) ?? {
        label: member ? memberLabel(member) : NO_MEMBER_LABEL,
        amount: 0,
        policies: 0,
      };
      entry.amount += yearly / covered.length;
      entry.policies += 1;
      byMember.set(key, entry);
    }
  }

  const totals = portfolioTotals(policies, today);
  return {
    windows: OUTLOOK_WINDOW_DAYS.map((days, i) => ({
      days,
      through: addDays(today, days - 1),
      amount: (windowPaise[i]?.paise ?? 0) / 100,
      premiums: windowPaise[i]?.premiums ?? 0,
    })),
    months: [...months].map(([month, m]) => ({
      month,
      amount: m.paise / 100,
      premiums: m.premiums,
      insurers: [
        ...new Set(
          m.dues.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, insurer]) => insurer),
        ),
      ],
    })),
    annualPremium: totals.annualPremium,
    byType: shares(byType),
    byMember: shares(byMember),
    counted: totals.counted,
    withoutPremium: totals.withoutPremium,
    lapsed: lapsed.sort((a, b) => (a.next_renewal_date < b.next_renewal_date ? -1 : 1)),
  };
}

export interface PaidTotal {
  year: number;
  amount: number;
  payments: number;
}

export interface PaidSummary {
  /** The previous calendar year, 1 Jan to 31 Dec: the policy page's yearly totals agree. */
  lastYear: PaidTotal;
  /** This calendar year from 1 Jan up to and including today. */
  thisYear: PaidTotal;
}

/** What was paid in the previous calendar year and in this one so far. */
export function paidSummary(
  payments: readonly { amount: number; paid_on: IsoDate }[],
  today: IsoDate,
): PaidSummary {
  const year = Number(today.slice(0, 4));
  // A payment dated later this year (entered ahead) is not "paid so far".
  const years = paymentsByYear(payments.filter((p) => p.paid_on <= today));
  const total = (y: number): PaidTotal => {
    const found = years.find((entry) => entry.year === y);
    return { year: y, amount: found?.total ?? 0, payments: found?.payments.length ?? 0 };
  };
  return { lastYear: total(year - 1), thisYear: total(year) };
}
