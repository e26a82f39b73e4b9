import { dequal } from 'dequal/lite';

/**
 * `next` with each item equal to its namesake in `previous` replaced by that earlier object,
 * and `previous` itself when nothing was added, removed, moved or changed. A live read gives
 * new objects on every run, even when one row of thousands changed or none did (a write to a
 * table it reads that touched nothing it shows); memoised items and subscribers compare by
 * identity, so without this every card would be drawn again.
 */
export function keepUnchanged<T extends { id: string }>(previous: T[] | undefined, next: T[]): T[] {
  if (!previous) return next;
  const before = new Map(previous.map((item) => [item.id, item]));
  let same = previous.length === next.length;
  const kept = next.map((item, index) => {
    const earlier = before.get(item.id);
    if (earlier === undefined || !dequal(earlier, item)) {
      same = false;
      return item;
    }
    if (previous[index] !== earlier) same = false;
    return earlier;
  });
  return same ? previous : kept;
}
