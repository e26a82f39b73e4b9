// No imports: the app's entry sets this on every page.

let entry: string | null = null;

/** Called by the entry with its own address (`import.meta.url`): the build's entry script. */
export function setBuildEntry(url: string): void {
  entry = new URL(url).pathname;
}

/**
 * The entry script of the build this page runs, e.g. `/assets/index-AbC123.js` (its name changes
 * with any of the build's files), or null before the entry said it.
 */
export function buildEntry(): string | null {
  return entry;
}
