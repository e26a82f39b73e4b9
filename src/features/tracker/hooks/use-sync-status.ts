import { useSyncExternalStore } from 'react';
import type { SyncStatus, SyncStatusStore } from '@/sync';

export function useSyncStatus(store: SyncStatusStore): SyncStatus {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
