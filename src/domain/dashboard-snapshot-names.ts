// No imports: the app's entry reads these on every page, without the snapshot's schema.

/** The attribute the wrapper of a painted snapshot carries (the page finds and removes it). */
export const SNAPSHOT_ATTRIBUTE = 'data-dashboard-snapshot';

/** Where the page keeps the snapshot and the service worker finds it (Cache Storage). */
export const SNAPSHOT_CACHE = 'bimaguide-dashboard-snapshot';
export const SNAPSHOT_KEY = '/dashboard-snapshot.json';
