import { liveQuery, type Subscription } from 'dexie';
import type { TrackerDb } from '@/db/tracker-db';
import { keepUnchanged } from '@/domain/keep-unchanged';
import { readPolicies, type PolicyView } from '@/sync';
import type { Read } from './hooks/use-live-read';

type PoliciesRead = Read<PolicyView[]>;

interface Follower {
  value: PoliciesRead | undefined;
  listeners: Set<() => void>;
  subscription: Subscription;
  /** Stops following once nobody reads the list (or nobody came for a prefetch). */
  unclaimed: ReturnType<typeof setTimeout> | undefined;
  /** Settles with the first read's result, whether the list or an error. */
  firstRead: Promise<void>;
  readDone: () => void;
}

/** How long a read started ahead of the dashboard waits for it to mount. */
const UNCLAIMED_MS = 10_000;
/**
 * How long the list keeps being followed after the dashboard unmounts: a remount meanwhile
 * (React's strict mode, a quick Back) finds it current instead of reading it again.
 */
const LINGER_MS = 1_000;

const followers = new WeakMap<TrackerDb, Follower>();

function follow(db: TrackerDb): Follower {
  const existing = followers.get(db);
  if (existing) return existing;
  let readDone = () => {};
  const firstRead = new Promise<void>((resolve) => (readDone = resolve));
  const follower: Follower = {
    value: undefined,
    listeners: new Set(),
    subscription: liveQuery(() => readPolicies(db)).subscribe({
      next: (value) => {
        const previous = follower.value?.ok ? follower.value.value : undefined;
        const kept = keepUnchanged(previous, value);
        // Nothing the list shows changed: the same snapshot, and no one is told.
        if (kept !== previous) publish(follower, { ok: true, value: kept });
      },
      error: (error: unknown) =>
        publish(follower, {
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
    }),
    unclaimed: undefined,
    firstRead,
    readDone,
  };
  followers.set(db, follower);
  return follower;
}

function publish(follower: Follower, value: PoliciesRead): void {
  follower.value = value;
  follower.readDone();
  for (const listener of follower.listeners) listener();
}

function stopUnread(db: TrackerDb, follower: Follower, after: number): void {
  clearTimeout(follower.unclaimed);
  follower.unclaimed = setTimeout(() => {
    if (follower.listeners.size > 0) return;
    follower.subscription.unsubscribe();
    // Dropped, not kept: a list read before a change made elsewhere would show it undone.
    followers.delete(db);
  }, after);
}

/**
 * Starts reading the user's policies (and following their changes) before the dashboard
 * mounts: the guard calls it while the sign-in is still being checked, so the cold open's
 * store read overlaps the session check and the route's chunks instead of following them.
 * Settles once the list (or the read's error) is there.
 */
export function prefetchPolicies(db: TrackerDb): Promise<void> {
  const follower = follow(db);
  if (follower.listeners.size === 0) stopUnread(db, follower, UNCLAIMED_MS);
  return follower.firstRead;
}

/**
 * For useSyncExternalStore: the dashboard's one read of the policies, shared with a prefetch
 * started for it. Its first render has the list when the read finished meanwhile; no second
 * read follows it (which would also give every card a new object and redraw them all).
 */
export function policiesSource(db: TrackerDb) {
  return {
    subscribe(listener: () => void): () => void {
      const follower = follow(db);
      clearTimeout(follower.unclaimed);
      follower.listeners.add(listener);
      return () => {
        follower.listeners.delete(listener);
        if (follower.listeners.size === 0) stopUnread(db, follower, LINGER_MS);
      };
    },
    snapshot(): PoliciesRead | undefined {
      return followers.get(db)?.value;
    },
  };
}
