import { lazyCompare } from '@/domain/collator';

// The order the site lists content in, one rule for the device's stored copy and the build's
// pre-rendered pages (the server's `order=term` follows the database's collation instead).

/** Newest first; parsed, not compared as text: timestamps may carry different offsets. */
export function newestFirst<T extends { created_at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

const compareTerms = lazyCompare('en-IN', { sensitivity: 'base', numeric: true });

/** A to Z as a reader expects: "e-Insurance Account" among the Es, "Co-payment" after "Claim". */
export function byTerm<T extends { term: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareTerms(a.term, b.term));
}
