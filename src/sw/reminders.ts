import { localToday, type IsoDate } from '../domain/policy/dates';
import { dueReminders } from '../domain/policy/reminders';
import { reminderNotification, type ReminderNotification } from '../domain/policy/reminder-message';
import {
  claimReminderKeys,
  getActiveUser,
  getReminderLocale,
  pruneShownKeys,
  releaseReminderKey,
  withReminderStore,
} from './reminder-store';
import { OPEN_REMINDER_MESSAGE, PERIODIC_SYNC_TAG } from './constants';
import { readTrackerSnapshot, TRACKER_DB_PREFIX } from './tracker-reader';

export { PERIODIC_SYNC_TAG, OPEN_REMINDER_MESSAGE };

const FALLBACK_URL = '/policy-tracker';
const ICON = '/icons/icon-192.png';
const KEEP_SHOWN_KEYS_MS = 400 * 24 * 60 * 60 * 1000;

/** The part of a ServiceWorkerRegistration that shows notifications. */
export interface NotificationSink {
  showNotification(title: string, options?: NotificationOptions): Promise<void>;
}

/**
 * The reminders due today for the account signed in on this device, with their text. Only
 * that account's database is read: another account that once used the phone gets nothing.
 */
export async function collectDueNotifications(
  factory: IDBFactory,
  today: IsoDate = localToday(),
): Promise<ReminderNotification[]> {
  const [userId, locale] = await withReminderStore(factory, (db) =>
    Promise.all([getActiveUser(db), getReminderLocale(db)]),
  );
  if (!userId) return [];
  // databases() tells whether the tracker exists without creating an empty one by opening it.
  const names = new Set((await factory.databases()).map((d) => d.name));
  if (!names.has(TRACKER_DB_PREFIX + userId)) return [];
  const snapshot = await readTrackerSnapshot(factory, userId);
  if (!snapshot) return [];
  const byId = new Map(snapshot.policies.map((p) => [p.id, p]));
  const due = dueReminders(
    snapshot.policies.map((p) => ({ id: p.id, nextRenewalDate: p.nextRenewalDate })),
    today,
    snapshot.thresholds,
  );
  return due.flatMap((reminder) => {
    const policy = byId.get(reminder.policyId);
    return policy ? [reminderNotification(reminder, policy.subject, locale)] : [];
  });
}

function optionsFor(n: ReminderNotification): NotificationOptions {
  return { body: n.body, tag: n.tag, icon: ICON, badge: ICON, data: { url: n.url } };
}

/**
 * Shows each notification whose key this device has not shown before and returns those
 * shown. A key that fails to show is released so the next run tries again.
 */
export async function showNewReminders(
  factory: IDBFactory,
  sink: NotificationSink,
  notifications: readonly ReminderNotification[],
  now: number = Date.now(),
): Promise<ReminderNotification[]> {
  return withReminderStore(factory, async (db) => {
    const claimed = new Set(
      await claimReminderKeys(
        db,
        notifications.map((n) => n.tag),
        now,
      ),
    );
    const shown: ReminderNotification[] = [];
    for (const n of notifications) {
      if (!claimed.has(n.tag)) continue;
      claimed.delete(n.tag);
      try {
        await sink.showNotification(n.title, optionsFor(n));
        shown.push(n);
      } catch {
        await releaseReminderKey(db, n.tag);
      }
    }
    await pruneShownKeys(db, now - KEEP_SHOWN_KEYS_MS);
    return shown;
  });
}

/** periodicsync: compute what is due on the device and show what is new. */
export async function runPeriodicReminders(
  factory: IDBFactory,
  sink: NotificationSink,
  today: IsoDate = localToday(),
): Promise<ReminderNotification[]> {
  return showNewReminders(factory, sink, await collectDueNotifications(factory, today));
}

function isString(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

/** A push payload `{title, body, tag, url}`; null when it is not one of ours. */
export function parsePushPayload(data: unknown): ReminderNotification | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, tag, url } = data as Record<string, unknown>;
  if (!isString(title) || !isString(tag)) return null;
  return {
    title,
    tag,
    body: typeof body === 'string' ? body : '',
    url: isString(url) ? url : FALLBACK_URL,
  };
}

/**
 * push: shows the reminder unless this device already showed its key (the periodic sync got
 * there first). A payload that is not a reminder still shows something, because Chromium
 * requires every push to end in a visible notification.
 */
export async function handlePushPayload(
  factory: IDBFactory,
  sink: NotificationSink,
  data: unknown,
): Promise<void> {
  const reminder = parsePushPayload(data);
  if (!reminder) {
    await sink.showNotification('BimaGuide', {
      body: 'You have a policy renewal coming up.',
      icon: ICON,
      data: { url: FALLBACK_URL },
    });
    return;
  }
  await showNewReminders(factory, sink, [reminder]);
}

/**
 * Where a click should go: the notification's URL when it belongs to this app's origin, else
 * the dashboard. A payload can never send the user to another site.
 */
export function notificationTargetUrl(data: unknown, origin: string): string {
  const raw =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
      ? data.url
      : FALLBACK_URL;
  try {
    const url = new URL(raw, origin);
    if (url.origin === origin) return url.href;
  } catch {
    // fall through to the dashboard
  }
  return new URL(FALLBACK_URL, origin).href;
}

/** The parts of Clients and WindowClient the click handler uses. */
export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowLike>;
  postMessage(message: unknown): void;
}

export interface ClientsLike {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * notificationclick: bring an open window of the app forward and let it route to the policy
 * (so an unsaved form can hold the navigation), or open a new window at the policy.
 */
export async function openReminderTarget(clients: ClientsLike, url: string): Promise<void> {
  const origin = new URL(url).origin;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (c) => {
      try {
        return new URL(c.url).origin === origin;
      } catch {
        return false;
      }
    },
  );
  const target =
    windows.find((c) => c.focused) ??
    windows.find((c) => c.visibilityState === 'visible') ??
    windows[0];
  if (!target) {
    await clients.openWindow(url);
    return;
  }
  // Focusing needs the click's user activation; without it the window still gets the route.
  const focused = await target.focus().catch(() => target);
  focused.postMessage({ type: OPEN_REMINDER_MESSAGE, url });
}
