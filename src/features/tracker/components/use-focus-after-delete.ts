import { useCallback, useEffect, useRef } from 'react';
import { shownPolicyCard } from '@/lib/shown-policy-card';

interface Pending {
  deleted: string;
  /** The card that takes the deleted one's place: the next, else the previous. */
  next: string | null;
}

/**
 * Where focus goes after a policy is deleted. The dialog gives focus back to the card's menu
 * button, which leaves with its card, so focus would fall to the page body and a keyboard or
 * screen-reader user would start again from the top. Instead it moves to the card that took
 * the deleted one's place, or to the page heading when no card is left.
 *
 * `deleted(id)` is called once the delete succeeded; focus moves when the card has left the
 * list and the dialog has closed, whichever comes last.
 */
export function useFocusAfterDelete(
  visibleIds: readonly string[],
  dialogOpen: boolean,
): (id: string) => void {
  const pending = useRef<Pending | null>(null);
  const ids = useRef(visibleIds);
  useEffect(() => {
    ids.current = visibleIds;
  });

  useEffect(() => {
    const target = pending.current;
    if (!target || dialogOpen || visibleIds.includes(target.deleted)) return;
    pending.current = null;
    const card = target.next === null ? null : shownPolicyCard(target.next);
    const destination = card ?? document.querySelector<HTMLElement>('main h1');
    if (!destination) return;
    if (!destination.hasAttribute('tabindex')) destination.setAttribute('tabindex', '-1');
    destination.focus();
  }, [visibleIds, dialogOpen]);

  return useCallback((id: string) => {
    const list = ids.current;
    const index = list.indexOf(id);
    pending.current = {
      deleted: id,
      next: index < 0 ? null : (list[index + 1] ?? list[index - 1] ?? null),
    };
  }, []);
}
