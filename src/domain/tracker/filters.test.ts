import { describe, expect, it } from 'vitest';
import {
  dashboardSearchSchema,
  filterPolicies,
  hasActiveFilters,
  policiesOf,
  searchHaystacks,
  sortByRenewal,
  summaryCounts,
  typesInUse,
} from './filters';

const today = '2026-03-10';
const HEALTH = 'health-type';
const CAR = 'car-type';

const base = { product_name: null, members: [] as { name: string }[] };
const policies = [
  // active
  {
    ...base,
    id: 'a',
    insurer_name: 'Star Health',
    policy_number: 'SH-100',
    product_name: 'Family Optima',
    members: [{ name: 'Asha Rao' }, { name: 'Ravi' }],
    policy_type_id: HEALTH,
    next_renewal_date: '2026-09-01',
  },
  // due soon
  {
    ...base,
    id: 'b',
    insurer_name: 'HDFC Ergo',
    policy_number: 'HE-7',
    policy_type_id: HEALTH,
    next_renewal_date: '2026-03-20',
  },
  // due today
  {
    ...base,
    id: 'c',
    insurer_name: 'ICICI Lombard',
    policy_number: 'IL-100',
    policy_type_id: CAR,
    next_renewal_date: '2026-03-10',
  },
  // lapsed
  {
    ...base,
    id: 'd',
    insurer_name: 'Tata AIG',
    policy_number: 'TA-3',
    members: [{ name: 'Kavya' }],
    policy_type_id: CAR,
    next_renewal_date: '2026-01-01',
  },
  // active
  {
    ...base,
    id: 'e',
    insurer_name: 'LIC',
    policy_number: 'L-1',
    policy_type_id: null,
    next_renewal_date: '2027-01-01',
  },
];

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('filterPolicies', () => {
  it('returns everything without filters', () => {
    expect(ids(filterPolicies(policies, {}, today))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('filters by type alone and by status alone', () => {
    expect(ids(filterPolicies(policies, { type: CAR }, today))).toEqual(['c', 'd']);
    expect(ids(filterPolicies(policies, { status: 'due-soon' }, today))).toEqual(['b', 'c']);
    expect(ids(filterPolicies(policies, { status: 'active' }, today))).toEqual(['a', 'e']);
    expect(ids(filterPolicies(policies, { status: 'lapsed' }, today))).toEqual(['d']);
  });

  it('applies type AND status together', () => {
    expect(ids(filterPolicies(policies, { type: HEALTH, status: 'due-soon' }, today))).toEqual([
      'b',
    ]);
    expect(ids(filterPolicies(policies, { type: CAR, status: 'due-soon' }, today))).toEqual(['c']);
    expect(filterPolicies(policies, { type: HEALTH, status: 'lapsed' }, today)).toEqual([]);
  });

  it('searches insurer, policy number, plan and member names, ignoring case and spaces', () => {
    const search = (q: string) => ids(filterPolicies(policies, { q }, today));
    expect(search('star')).toEqual(['a']);
    expect(search('  sh-100 ')).toEqual(['a']);
    expect(search('OPTIMA')).toEqual(['a']);
    expect(search('kavya')).toEqual(['d']);
    expect(search('100')).toEqual(['a', 'c']);
    // Every word must match somewhere, not necessarily in the same field.
    expect(search('ravi family')).toEqual(['a']);
    expect(search('ravi tata')).toEqual([]);
    expect(search('   ')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('applies the search AND the type AND the status', () => {
    expect(ids(filterPolicies(policies, { q: '100', type: CAR }, today))).toEqual(['c']);
    expect(ids(filterPolicies(policies, { q: '100', status: 'active' }, today))).toEqual(['a']);
    expect(filterPolicies(policies, { q: 'kavya', status: 'active' }, today)).toEqual([]);
  });

  it('reads the precomputed haystacks instead of the fields', () => {
    const haystacks = new Map(searchHaystacks(policies));
    const [first] = policies;
    if (first) haystacks.set(first, 'only-in-the-index');
    expect(ids(filterPolicies(policies, { q: 'only-in-the' }, today, haystacks))).toEqual(['a']);
    expect(filterPolicies(policies, { q: 'star' }, today, haystacks)).toEqual([]);
  });

  it('moves a policy between statuses when the day changes', () => {
    expect(ids(filterPolicies(policies, { status: 'lapsed' }, '2026-03-11'))).toEqual(['c', 'd']);
  });
});

describe('summaryCounts', () => {
  it('counts every policy by status, Due Today inside Due Soon', () => {
    expect(summaryCounts(policies, today)).toEqual({ total: 5, active: 2, dueSoon: 2, lapsed: 1 });
  });

  it('is all zeros for no policies', () => {
    expect(summaryCounts([], today)).toEqual({ total: 0, active: 0, dueSoon: 0, lapsed: 0 });
  });
});

describe('typesInUse', () => {
  it('offers only the types some policy uses, by name', () => {
    const types = [
      { id: CAR, name: 'Vehicle' },
      { id: 'ulip', name: 'ULIP' },
      { id: HEALTH, name: 'health' },
    ];
    expect(typesInUse(policies, types).map((t) => t.name)).toEqual(['health', 'Vehicle']);
  });
});

describe('dashboardSearchSchema', () => {
  it('keeps known filters and drops unknown or malformed ones', () => {
    expect(dashboardSearchSchema.parse({ type: CAR, status: 'lapsed' })).toEqual({
      type: CAR,
      status: 'lapsed',
    });
    expect(dashboardSearchSchema.parse({ status: 'expired', type: '' })).toEqual({
      status: undefined,
      type: undefined,
    });
    expect(dashboardSearchSchema.parse({})).toEqual({});
  });

  it('keeps a search trimmed, and drops a blank or over-long one', () => {
    expect(dashboardSearchSchema.parse({ q: '  star  ', status: 'active' })).toEqual({
      q: 'star',
      status: 'active',
    });
    expect(dashboardSearchSchema.parse({ q: '   ' })).toEqual({ q: undefined });
    expect(dashboardSearchSchema.parse({ q: 'x'.repeat(101) })).toEqual({ q: undefined });
    expect(dashboardSearchSchema.parse({ q: 42 })).toEqual({ q: undefined });
  });

  it('tells whether any filter is on', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ status: 'active' })).toBe(true);
    expect(hasActiveFilters({ type: CAR })).toBe(true);
    expect(hasActiveFilters({ q: 'star' })).toBe(true);
    expect(hasActiveFilters({ q: '  ' })).toBe(false);
  });
});

describe('sortByRenewal', () => {
  it('puts the soonest renewal first', () => {
    expect(ids(sortByRenewal(policies))).toEqual(['d', 'c', 'b', 'a', 'e']);
  });
});

describe('the Mine / Shared with me filter', () => {
  const mine = { id: 'm', shared: null };
  const priyas = { id: 's', shared: { owner_label: 'Priya' } };

  it('keeps the user’s own, the shared ones, or all', () => {
    expect(policiesOf([mine, priyas], 'mine')).toEqual([mine]);
    expect(policiesOf([mine, priyas], 'shared')).toEqual([priyas]);
    expect(policiesOf([mine, priyas], undefined)).toEqual([mine, priyas]);
    expect(hasActiveFilters({ whose: 'shared' })).toBe(true);
  });

  it('reads ?whose= from the address, anything else being all', () => {
    expect(dashboardSearchSchema.parse({ whose: 'shared' })).toEqual({ whose: 'shared' });
    expect(dashboardSearchSchema.parse({ whose: 'mine' })).toEqual({ whose: 'mine' });
    expect(dashboardSearchSchema.parse({ whose: 'theirs' })).toEqual({ whose: undefined });
  });
});
