// The kept dashboard's place in Cache Storage (src/features/tracker/dashboard-snapshot.ts says
// what it is). Light, with no imports beyond its names: the auth store drops it on every page.
import {
  SNAPSHOT_ATTRIBUTE,
  SNAPSHOT_CACHE,
  SNAPSHOT_KEY,
} from '@/domain/dashboard-snapshot-names';

/** Writes and removals one after another: a drop is never overtaken by an earlier write. */
let queue: Promise<void> = Promise.resolve();

function inTurn(work: (cache: Cache) => Promise<unknown>): Promise<void> {
  if (typeof caches === 'undefined') return queue;
  queue = queue
    .then(() => caches.open(SNAPSHOT_CACHE))
    .then(work)
    .then(
      () => undefined,
      // Storage full or refused: the next cold open renders as it would without one.
      () => undefined,
    );
  return queue;
}

/** Forgets the kept dashboard, whichever tab kept it. */
export function dropKeptDashboard(): Promise<void> {
  return inTurn((cache) => cache.delete(SNAPSHOT_KEY));
}

/** Keeps `snapshot` (JSON, already checked) in place of the one before. */
export function writeKeptDashboard(snapshot: string): Promise<void> {
  return inTurn((cache) =>
    cache.put(
      SNAPSHOT_KEY,
      new Response(snapshot, { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

/** The kept dashboard the worker painted into this page, while it stands (before the first render). */
export function paintedSnapshot(): Element | null {
  return typeof document === 'undefined' ? null : document.querySelector(`[${SNAPSHOT_ATTRIBUTE}]`);
}
