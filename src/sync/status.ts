/**
 * React-free sync status for the global indicator ('All changes synced', 'N changes
 * waiting', 'Offline — changes are saved on this device'). Snapshots are immutable, so
 * `useSyncExternalStore(store.subscribe, store.get)` works as is.
 */

export interface SyncStatus {
  /** The browser's view, corrected to false while requests fail for lack of a network. */
  online: boolean;
  /** Changes waiting to be sent or acknowledged. */
  pending: number;
  /** Changes the server refused; each needs the user's retry or discard. */
  failed: number;
  syncing: boolean;
  /** ISO time of the last complete push and pull. */
  lastSyncedAt?: string;
  /** Why the last attempt did not complete; cleared by the next one that does. */
  lastError?: string;
  /** The session is gone or belongs to someone else: sync waits for a sign-in. */
  needsSignIn?: boolean;
}

export interface SyncStatusStore {
  subscribe(listener: () => void): () => void;
  get(): SyncStatus;
}

export interface WritableSyncStatusStore extends SyncStatusStore {
  update(patch: Partial<SyncStatus>): void;
}

export function createSyncStatusStore(initial: SyncStatus): WritableSyncStatusStore {
  let current: SyncStatus = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: () => current,
    update(patch) {
      let changed = false;
      for (const [key, value] of Object.entries(patch) as [keyof SyncStatus, unknown][]) {
        if (current[key] !== value) changed = true;
      }
      if (!changed) return;
      // An explicit undefined clears the field instead of keeping the key around.
      current = Object.fromEntries(
        Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined),
      ) as unknown as SyncStatus;
      for (const listener of [...listeners]) listener();
    },
  };
}
