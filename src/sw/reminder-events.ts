/// <reference lib="webworker" />
import {
  handlePushPayload,
  notificationTargetUrl,
  openReminderTarget,
  PERIODIC_SYNC_TAG,
  runPeriodicReminders,
} from './reminders';

/** Not in TypeScript's WebWorker lib yet. */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

function pushData(event: PushEvent): unknown {
  if (!event.data) return null;
  try {
    return event.data.json() as unknown;
  } catch {
    return null;
  }
}

/**
 * waitUntil throws on an event the worker dispatched to itself (tests do that for
 * notificationclick, which no DevTools protocol command can trigger); the work still runs.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
}

/** The three reminder events: periodic sync and push show, a click opens the policy. */
export function listenForReminders(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('periodicsync', (event: Event) => {
    const sync = event as PeriodicSyncEvent;
    if (sync.tag !== PERIODIC_SYNC_TAG) return;
    keepAlive(sync, runPeriodicReminders(sw.indexedDB, sw.registration));
  });

  sw.addEventListener('push', (event: PushEvent) => {
    keepAlive(event, handlePushPayload(sw.indexedDB, sw.registration, pushData(event)));
  });

  sw.addEventListener('notificationclick', (event: NotificationEvent) => {
    const url = notificationTargetUrl(event.notification.data, sw.location.origin);
    event.notification.close();
    keepAlive(event, openReminderTarget(sw.clients, url));
  });
}
