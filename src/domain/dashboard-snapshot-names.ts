// No imports: the app's entry reads these on every page, without the snapshot's schema.

/** The attribute the wrapper of a painted snapshot carries (the page finds and removes it). */
export const SNAPSHOT_ATTRIBUTE = 'data-dashboard-snapshot';

/** Where the page keeps the snapshot and the service worker finds it (Cache Storage). */
export const SNAPSHOT_CACHE = 'bimaguide-dashboard-snapshot';
export const SNAPSHOT_KEY = '/dashboard-snapshot.json';

/**
 * How long a painted snapshot stands at most before the app renders anyway (its pending screen,
 * if the page is still loading): it cannot be used, and a session check or store read that
 * hangs must not leave it on screen.
 */
export const PAINTED_PATIENCE_MS = 3000;
