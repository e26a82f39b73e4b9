import { useCallback, useMemo, useState } from 'react';
import {
  keepExisting,
  selectionState,
  toggleAll,
  toggleOne,
  type SelectionState,
} from '@/domain/admin';

export interface RowSelection {
  selected: ReadonlySet<string>;
  state: SelectionState;
  toggleAll: () => void;
  toggleOne: (id: string) => void;
  clear: () => void;
}

/** Which rows of a table are ticked for a bulk action (the rules are in domain/admin). */
export function useRowSelection(ids: readonly string[]): RowSelection {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Rows that vanished on reload can never stay selected (and be deleted unseen).
  const selected = useMemo(() => keepExisting(picked, ids), [picked, ids]);
  const clear = useCallback(() => setPicked(new Set()), []);
  return {
    selected,
    state: selectionState(selected, ids),
    toggleAll: () => setPicked(toggleAll(selected, ids)),
    toggleOne: (id) => setPicked(toggleOne(selected, id)),
    clear,
  };
}
