/**
 * Row selection for bulk actions (the callbacks table): pure functions over a ReadonlySet of
 * ids so the component only stores the set.
 */
export type SelectionState = 'none' | 'some' | 'all';

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Select-all: selects every row unless all are already selected, then clears. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  return selectionState(selected, ids) === 'all' ? new Set() : new Set(ids);
}

export function selectionState(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): SelectionState {
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** After a reload, drops ids whose rows are gone so a hidden row can never be deleted. */
export function keepExisting(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => selected.has(id)));
}
