import { startTransition, useEffect, useState } from 'react';

/**
 * Cards in the first commit: more than a wide screen shows above the fold. Both sizes are
 * multiples of 6: each batch is a grid of its own (1, 2 or 3 columns), so every batch but the
 * last fills its rows and the next one starts a row where a single grid would.
 */
export const FIRST_BATCH = 24;
/** Cards added per later commit, each a background (interruptible) render. */
export const NEXT_BATCH = 198;

/**
 * How many of `total` items to render now: the first screen (`first` items) at once, then the rest in
 * batches after each paint, as transitions a key press interrupts, until all are in the DOM
 * (so find-in-page, Tab and a screen reader's list reach every one). A change of `total` alone
 * (a sync) keeps what is shown, so a card that has focus is never taken away; to start again
 * from the first batch (the filters changed), remount the component (a new key).
 *
 * `leaving` counts the other way, a batch less after each paint down to 0: a list the filters
 * replaced is taken apart in steps the user does not wait for, instead of in the commit that
 * shows the new one (React visits every card of a removed list; 5,000 cards took most of a
 * filter change). The steps end on the batches' edges (`inBatches`), so each removes one.
 */
export function useIncrementalCount(total: number, leaving = false, first = FIRST_BATCH): number {
  const [count, setCount] = useState(first);
  const done = leaving ? count <= 0 : count >= total;
  useEffect(() => {
    if (done) return;
    // A timeout, not the effect itself: the batch waits until this commit has been painted.
    const timer = setTimeout(() => {
      startTransition(() => setCount((now) => (leaving ? now - NEXT_BATCH : now + NEXT_BATCH)));
    }, 0);
    return () => clearTimeout(timer);
  }, [done, leaving, count]);
  return Math.max(0, Math.min(count, total));
}

export interface Batch<T> {
  /** The first item's index in the whole list. */
  start: number;
  items: readonly T[];
}

/**
 * The list cut where useIncrementalCount's commits end, so each batch can be one memoised
 * element: a later commit then only compares the batches, not every item rendered before.
 */
export function inBatches<T>(items: readonly T[]): Batch<T>[] {
  const batches: Batch<T>[] = [];
  let start = 0;
  while (start < items.length) {
    const size = start === 0 ? FIRST_BATCH : NEXT_BATCH;
    batches.push({ start, items: items.slice(start, start + size) });
    start += size;
  }
  return batches;
}
