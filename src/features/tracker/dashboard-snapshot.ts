import { useEffect, useRef, type RefObject } from 'react';
import {
  dashboardSnapshotSchema,
  SNAPSHOT_MAX_CARDS,
  type DashboardSnapshot,
} from '@/domain/dashboard-snapshot';
import { buildEntry } from '@/lib/build-entry';
import { dropKeptDashboard, writeKeptDashboard } from '@/lib/kept-dashboard';

/**
 * Issue 22: the installed app's cold open on the dashboard. The dashboard as it is on screen is
 * kept (Cache Storage, src/lib/kept-dashboard.ts) while it is shown, and the service worker
 * paints it from the page's HTML on the next cold open, inert, until the app's first render
 * replaces it (src/sw.ts, src/domain/dashboard-snapshot.ts). It is only ever what this device
 * showed last: dropped as soon as the dashboard is left (a change made elsewhere is then not in
 * it), filtered, or signed out of, and not served on another day or by another build.
 */

/** What the dashboard drew: the day its days-left count from, its texts' language, whose list. */
interface Drawn {
  today: string;
  /** `<html lang>` of the texts drawn, e.g. en-IN. */
  lang: string;
  user: string;
}

/** The page's app root as it is now, kept for the next cold open (dropped if it cannot be). */
export function keepDashboardSnapshot(root: HTMLElement, drawn: Drawn): Promise<void> {
  const snapshot = dashboardSnapshotSchema.safeParse({
    day: drawn.today,
    lang: drawn.lang,
    user: drawn.user,
    // Null in development (the entry is not a built file): nothing the worker could serve.
    build: buildEntry(),
    // Without comments: a hydrated page keeps React's markers of its server-rendered parts
    // (`<!--$-->`), which paint nothing and which the worker takes for markup it cannot read.
    html: root.innerHTML.replace(/<!--[\s\S]*?-->/g, ''),
  } satisfies Record<keyof DashboardSnapshot, unknown>);
  return snapshot.success ? writeKeptDashboard(JSON.stringify(snapshot.data)) : dropKeptDashboard();
}

/** How long the dashboard stays unchanged before it is kept again (writing it is ~1 MB). */
const KEEP_AFTER_MS = 1500;

interface SnapshotState extends Drawn {
  /** The whole list, unfiltered, read, no card's menu open, and not too long. */
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
function keepIfWhole(
  { eligible, list, cards, ...drawn }: SnapshotState,
  /** Whether one may be kept since this dashboard last dropped it: dropped once, not per render. */
  mayHoldOne: { current: boolean },
): boolean {
  const root = document.getElementById('root');
  const element = list.current;
  if (!eligible || !root || !element || cards > SNAPSHOT_MAX_CARDS) {
    if (mayHoldOne.current) void dropKeptDashboard();
    mayHoldOne.current = false;
    return true;
  }
  const complete =
    element.querySelectorAll('[role="listitem"]').length === cards &&
    element.querySelector('ul[hidden]') === null;
  if (complete) {
    mayHoldOne.current = true;
    void keepDashboardSnapshot(root, drawn);
  }
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
  const mayHoldOne = useRef(true);
  useEffect(() => {
    cancel.current();
    const wait = () => {
      const id = setTimeout(() => {
        if (typeof window.requestIdleCallback !== 'function') {
          if (!keepIfWhole(current.current, mayHoldOne)) wait();
          return;
        }
        const idle = window.requestIdleCallback(
          () => {
            if (!keepIfWhole(current.current, mayHoldOne)) wait();
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
      keepIfWhole(current.current, mayHoldOne);
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      cancel.current();
      void dropKeptDashboard();
    };
  }, []);
}
