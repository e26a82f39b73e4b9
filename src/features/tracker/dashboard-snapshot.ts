import { useEffect, useRef, type RefObject } from 'react';
import {
  SNAPSHOT_CACHE,
  SNAPSHOT_KEY,
  SNAPSHOT_MAX_CARDS,
  SNAPSHOT_MAX_CHARS,
  type DashboardSnapshot,
} from '@/domain/dashboard-snapshot';
import { localToday } from '@/domain/local-today';
import { buildEntry } from '@/lib/build-entry';

/**
 * Issue 22: the installed app's cold open on the dashboard. The dashboard as it is on screen is
 * kept (Cache Storage) while it is shown, and the service worker paints it from the page's HTML
 * on the next cold open, inert, until the app's first render replaces it (src/sw.ts,
 * src/domain/dashboard-snapshot.ts). It is only ever what this device showed last: dropped as
 * soon as the dashboard is left (a change made elsewhere is then not in it), filtered, or
 * signed out of, and not served on another day or by another build.
 */

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

/** Forgets the kept dashboard. */
export function dropDashboardSnapshot(): Promise<void> {
  return inTurn((cache) => cache.delete(SNAPSHOT_KEY));
}

/** The page's app root as it is now, kept for the next cold open (dropped if it cannot be). */
export function keepDashboardSnapshot(root: HTMLElement, now: Date = new Date()): Promise<void> {
  const build = buildEntry();
  const html = root.innerHTML;
  if (build === null || html.length > SNAPSHOT_MAX_CHARS) return dropDashboardSnapshot();
  const snapshot: DashboardSnapshot = {
    day: localToday(now),
    lang: document.documentElement.lang,
    build,
    html,
  };
  return inTurn((cache) =>
    cache.put(
      SNAPSHOT_KEY,
      new Response(JSON.stringify(snapshot), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

/** How long the dashboard stays unchanged before it is kept again (writing it is ~1 MB). */
const KEEP_AFTER_MS = 1500;

interface SnapshotState {
  /** The whole list, unfiltered, read and not too long. */
  eligible: boolean;
  /** The list's element: kept once every card of it is in the DOM. */
  list: RefObject<HTMLElement | null>;
  cards: number;
}

/**
 * Keeps the dashboard as it is when it is the whole list with every card in the DOM, drops the
 * kept one when it is not the whole list; false while later batches are still coming (or a
 * replaced list is still being taken apart), to be tried again.
 */
function keepIfWhole({ eligible, list, cards }: SnapshotState): boolean {
  const root = document.getElementById('root');
  const element = list.current;
  if (!eligible || !root || !element || cards > SNAPSHOT_MAX_CARDS) {
    void dropDashboardSnapshot();
    return true;
  }
  const complete =
    element.querySelectorAll('[role="listitem"]').length === cards &&
    element.querySelector('ul[hidden]') === null;
  if (complete) void keepDashboardSnapshot(root);
  return complete;
}

/**
 * Keeps the dashboard for the next cold open once it has been still for a moment (in an idle
 * moment), again after each change, and at once when the user leaves the app (a phone may end
 * a hidden page without another moment); drops it when it stops being the whole list or is
 * left. Called on every render of the dashboard; `state` is read when the moment comes.
 */
export function useDashboardSnapshot(state: SnapshotState): void {
  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  });
  // The pending wait or idle callback's cancel: a render starts the wait again.
  const cancel = useRef(() => {});
  useEffect(() => {
    cancel.current();
    const wait = () => {
      const id = setTimeout(() => {
        if (typeof window.requestIdleCallback !== 'function') {
          if (!keepIfWhole(current.current)) wait();
          return;
        }
        const idle = window.requestIdleCallback(
          () => {
            if (!keepIfWhole(current.current)) wait();
          },
          { timeout: KEEP_AFTER_MS },
        );
        cancel.current = () => window.cancelIdleCallback(idle);
      }, KEEP_AFTER_MS);
      cancel.current = () => clearTimeout(id);
    };
    wait();
  });
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      cancel.current();
      keepIfWhole(current.current);
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      cancel.current();
      void dropDashboardSnapshot();
    };
  }, []);
}
