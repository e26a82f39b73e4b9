/**
 * A policy's card as the dashboard shows it (its `data-policy-id`), not the copy in a list the
 * filters replaced, which stays in the page, hidden, while it is taken apart a batch at a time.
 * Null until the shown list has rendered that card.
 */
export function shownPolicyCard(policyId: string): HTMLElement | null {
  const cards = document.querySelectorAll<HTMLElement>(
    `[data-policy-id="${CSS.escape(policyId)}"]`,
  );
  return [...cards].find((card) => card.closest('[hidden]') === null) ?? null;
}
