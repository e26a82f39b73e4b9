/**
 * A collator's compare, the collator made on first use: making one loads the locale's
 * collation data, tens of milliseconds on a phone, which a module should not pay when it is
 * evaluated (on the home page, while the visitor is still arriving) before anything is sorted.
 */
export function lazyCompare(
  locales?: string,
  options?: Intl.CollatorOptions,
): (a: string, b: string) => number {
  let collator: Intl.Collator | undefined;
  return (a, b) => (collator ??= new Intl.Collator(locales, options)).compare(a, b);
}
