/**
 * How long to wait before the next try after `failures` failed ones in a row: from minMs,
 * doubling, up to maxMs. Shared by the sync engine and the document upload queue.
 */
export function backoffDelay(
  failures: number,
  { minMs, maxMs }: { minMs: number; maxMs: number },
  random: () => number,
): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.max(0, failures - 1));
  // "Equal jitter": never sooner than half the ceiling, so retries still spread out.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
