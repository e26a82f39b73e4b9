import { PERIODIC_SYNC_TAG } from '@/sw/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Periodic Background Sync is not in TypeScript's DOM lib yet. */
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval?: number }): Promise<void>;
  getTags(): Promise<string[]>;
}

export type PeriodicSyncResult = 'registered' | 'unsupported' | 'not-permitted' | 'failed';

/**
 * Asks for the daily renewal check. Chromium grants the permission only to an installed app,
 * so a browser tab simply gets 'not-permitted' and relies on the in-app list and push.
 */
export async function registerPeriodicReminders(
  nav: Navigator = navigator,
): Promise<PeriodicSyncResult> {
  if (!('serviceWorker' in nav) || !nav.permissions) return 'unsupported';
  const registration = await nav.serviceWorker.ready;
  const periodicSync = (
    registration as ServiceWorkerRegistration & {
      periodicSync?: PeriodicSyncManager;
    }
  ).periodicSync;
  if (!periodicSync) return 'unsupported';
  try {
    const status = await nav.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    });
    if (status.state !== 'granted') return 'not-permitted';
    const tags = await periodicSync.getTags();
    if (!tags.includes(PERIODIC_SYNC_TAG)) {
      await periodicSync.register(PERIODIC_SYNC_TAG, { minInterval: DAY_MS });
    }
    return 'registered';
  } catch {
    return 'failed';
  }
}

/**
 * Registers the daily check now if allowed, and again the moment the permission turns to
 * granted (Chromium grants it when the app is installed, which happens while a page is open),
 * not only on the next start. Returns the function that stops listening.
 */
export function keepPeriodicRemindersRegistered(nav: Navigator = navigator): () => void {
  let stopped = false;
  let status: PermissionStatus | undefined;
  const onChange = () => {
    if (!stopped && status?.state === 'granted') {
      void registerPeriodicReminders(nav).catch(() => undefined);
    }
  };
  void registerPeriodicReminders(nav).catch(() => undefined);
  if (nav.permissions) {
    nav.permissions
      .query({ name: 'periodic-background-sync' as PermissionName })
      .then((answer) => {
        if (stopped) return;
        status = answer;
        answer.addEventListener('change', onChange);
      })
      .catch(() => undefined);
  }
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}
