import { policyStatus, type IsoDate, type PolicyStatus } from '../policy';
import type { StatusFilter } from './search';

export { dashboardSearchSchema, statusFilterValues } from './search';
export type { DashboardSearch, StatusFilter } from './search';

export interface DashboardFilters {
  /** A policy type id; undefined means All Types. */
  type?: string | undefined;
  status?: StatusFilter | undefined;
}

/** The fields filtering and counting need; the dashboard's rows carry more. */
export interface FilterablePolicy {
  policy_type_id: string | null;
  next_renewal_date: IsoDate;
}

export function hasActiveFilters(filters: DashboardFilters): boolean {
  return filters.type !== undefined || filters.status !== undefined;
}

/** Type and status apply together (spec §5: AND). */
export function filterPolicies<T extends FilterablePolicy>(
  policies: readonly T[],
  filters: DashboardFilters,
  today: IsoDate,
): T[] {
  const { type, status } = filters;
  if (type === undefined && status === undefined) return [...policies];
  return policies.filter(
    (p) =>
      (type === undefined || p.policy_type_id === type) &&
      (status === undefined || policyStatus(p.next_renewal_date, today).status === status),
  );
}

export interface SummaryCounts {
  total: number;
  active: number;
  dueSoon: number;
  lapsed: number;
}

/** The four summary cards count every policy, whatever filter is applied. */
export function summaryCounts(
  policies: readonly FilterablePolicy[],
  today: IsoDate,
): SummaryCounts {
  const counts: Record<PolicyStatus, number> = { active: 0, 'due-soon': 0, lapsed: 0 };
  for (const p of policies) counts[policyStatus(p.next_renewal_date, today).status] += 1;
  return {
    total: policies.length,
    active: counts.active,
    dueSoon: counts['due-soon'],
    lapsed: counts.lapsed,
  };
}

export interface TypeOption {
  id: string;
  name: string;
}

/**
 * Options for the type filter: only types some policy uses, by name. A policy whose type was
 * removed (policy_type_id null or unknown) has nothing to filter by, so adds no option.
 */
export function typesInUse<T extends TypeOption>(
  policies: readonly FilterablePolicy[],
  types: readonly T[],
): T[] {
  const used = new Set(policies.map((p) => p.policy_type_id));
  return types
    .filter((t) => used.has(t.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' }));
}

/** Policies by next renewal, soonest first (spec §9); ties by insurer so the order is stable. */
export function sortByRenewal<T extends FilterablePolicy & { insurer_name: string; id: string }>(
  policies: readonly T[],
): T[] {
  return [...policies].sort(
    (a, b) =>
      a.next_renewal_date.localeCompare(b.next_renewal_date) ||
      a.insurer_name.localeCompare(b.insurer_name) ||
      a.id.localeCompare(b.id),
  );
}
