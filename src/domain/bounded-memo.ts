/**
 * `compute` remembered per key, forgetting everything once `limit` keys are kept: for the
 * dashboard's per-card work (a date's day number, a formatted date, an icon's name), where
 * thousands of policies share a few hundred keys and the memory must stay bounded.
 */
export function boundedMemo<V>(compute: (key: string) => V, limit: number): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    if (kept.size >= limit) kept.clear();
    const value = compute(key);
    kept.set(key, value);
    return value;
  };
}
