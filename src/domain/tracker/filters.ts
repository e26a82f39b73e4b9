import { policyStatus, type IsoDate, type PolicyStatus } from '../policy';
import type { StatusFilter, WhoseFilter } from './search';

export {
  dashboardSearchSchema,
  optionalText,
  SEARCH_MAX_LENGTH,
  statusFilterValues,
  whoseFilterValues,
} from './search';
export type { DashboardSearch, StatusFilter, WhoseFilter } from './search';

export interface DashboardFilters {
  /** A policy type id; undefined means All Types. */
  type?: string | undefined;
  status?: StatusFilter | undefined;
  /** Free text matched against insurer, policy number, plan and member names. */
  q?: string | undefined;
  /** The user's own or the shared policies; undefined means all. */
  whose?: WhoseFilter | undefined;
}

/** A policy as the Mine / Shared with me filter sees it: shared is null for the user's own. */
export interface OwnablePolicy {
  shared: object | null;
}

/**
 * The policies of the whose filter. The summary cards and totals count these, so "Mine" gives
 * the user's own figures and a user without shares sees the same figures as before.
 */
export function policiesOf<T extends OwnablePolicy>(
  policies: readonly T[],
  whose: WhoseFilter | undefined,
): readonly T[] {
  if (whose === undefined) return policies;
  return policies.filter((p) => (p.shared === null) === (whose === 'mine'));
}

/** The fields filtering and counting need; the dashboard's rows carry more. */
export interface FilterablePolicy {
  policy_type_id: string | null;
  next_renewal_date: IsoDate;
}

/** The fields the search box looks in. */
export interface SearchablePolicy extends FilterablePolicy {
  insurer_name: string;
  policy_number: string;
  product_name: string | null;
  members: readonly { name: string }[];
}

/** The words of a search, lower-cased; none for an empty or blank one. */
export function searchTerms(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** What a policy is searched by, lower-cased once so a keystroke only compares strings. */
export function policyHaystack(policy: SearchablePolicy): string {
  return [
    policy.insurer_name,
    policy.policy_number,
    policy.product_name ?? '',
    ...policy.members.map((m) => m.name),
  ]
    .join('\n')
    .toLowerCase();
}

/** Every policy's haystack, built once per change of the data rather than per keystroke. */
export function searchHaystacks<T extends SearchablePolicy>(
  policies: readonly T[],
): ReadonlyMap<T, string> {
  return new Map(policies.map((p) => [p, policyHaystack(p)]));
}

export function hasActiveFilters(filters: DashboardFilters): boolean {
  return (
    filters.type !== undefined ||
    filters.status !== undefined ||
    filters.whose !== undefined ||
    searchTerms(filters.q).length > 0
  );
}

/**
 * Type, status and search apply together (spec §5: AND). Every word of the search must appear
 * in one of the searched fields, so "star 100" finds Star Health SH-100. `haystacks` comes
 * from `searchHaystacks`; a policy missing from it is read directly.
 */
export function filterPolicies<T extends SearchablePolicy>(
  policies: readonly T[],
  filters: DashboardFilters,
  today: IsoDate,
  haystacks?: ReadonlyMap<T, string>,
): T[] {
  const { type, status } = filters;
  const terms = searchTerms(filters.q);
  if (type === undefined && status === undefined && terms.length === 0) return [...policies];
  return policies.filter((p) => {
    if (type !== undefined && p.policy_type_id !== type) return false;
    if (terms.length > 0) {
      const haystack = haystacks?.get(p) ?? policyHaystack(p);
      if (!terms.every((term) => haystack.includes(term))) return false;
    }
    return status === undefined || policyStatus(p.next_renewal_date, today).status === status;
  });
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
