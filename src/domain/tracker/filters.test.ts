import { describe, expect, it } from 'vitest';
import {
  dashboardSearchSchema,
  filterPolicies,
  hasActiveFilters,
  sortByRenewal,
  summaryCounts,
  typesInUse,
} from './filters';

const today = '2026-03-10';
const HEALTH = 'health-type';
const CAR = 'car-type';

const policies = [
  { id: 'a', insurer_name: 'Star', policy_type_id: HEALTH, next_renewal_date: '2026-09-01' }, // active
  { id: 'b', insurer_name: 'HDFC', policy_type_id: HEALTH, next_renewal_date: '2026-03-20' }, // due soon
  { id: 'c', insurer_name: 'ICICI', policy_type_id: CAR, next_renewal_date: '2026-03-10' }, // due today
  { id: 'd', insurer_name: 'Tata', policy_type_id: CAR, next_renewal_date: '2026-01-01' }, // lapsed
  { id: 'e', insurer_name: 'LIC', policy_type_id: null, next_renewal_date: '2027-01-01' }, // active
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

  it('tells whether any filter is on', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ status: 'active' })).toBe(true);
    expect(hasActiveFilters({ type: CAR })).toBe(true);
  });
});

describe('sortByRenewal', () => {
  it('puts the soonest renewal first', () => {
    expect(ids(sortByRenewal(policies))).toEqual(['d', 'c', 'b', 'a', 'e']);
  });
});
