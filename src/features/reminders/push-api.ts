import { MessageError, messageRef, type MessageRef } from '@/domain/message';
import { normaliseThresholds } from '@/domain/policy/reminder-settings';
import { getEnv } from '@/lib/env';
import { i18n } from '@/lib/i18n';
import { getSupabase } from '@/lib/supabase';

export type PushSupport = 'supported' | 'unsupported';

/**
 * Why a step of setting up reminders failed, in the app's words (`reason`, said in the user's
 * language by the panel). Anything else thrown is a browser's or the server's own words.
 */
export class ReminderSetupError extends MessageError {
  constructor(reason: MessageRef) {
    super(reason);
    this.name = 'ReminderSetupError';
  }
}

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

/** The VAPID key's base64url text as the bytes `applicationServerKey` expects. */
export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * The server's VAPID public key: built into the app when the build knew it, else asked from
 * the functions endpoint (a build made before the server first generated its keys).
 */
export async function vapidPublicKey(): Promise<string> {
  const built = import.meta.env.VITE_VAPID_PUBLIC_KEY;
  if (built) return built;
  const env = getEnv();
  const res = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/vapid-public-key`, {
    headers: { apikey: env.VITE_SUPABASE_ANON_KEY },
  });
  if (!res.ok) throw new ReminderSetupError(messageRef('reminders.error.unavailable'));
  const body = (await res.json()) as { publicKey?: unknown };
  if (typeof body.publicKey !== 'string') {
    throw new ReminderSetupError(messageRef('reminders.error.noKey'));
  }
  return body.publicKey;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

function subscriptionKeys(subscription: PushSubscription): { p256dh: string; auth: string } {
  const { keys } = subscription.toJSON();
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!p256dh || !auth) throw new ReminderSetupError(messageRef('reminders.error.noKeys'));
  return { p256dh, auth };
}

/**
 * How long each step of turning reminders on may take. On a weak signal the push service can
 * take forever to answer; the button must not spin without end (issue 16).
 */
export const PUSH_STEP_TIMEOUTS = {
  permission: 120_000,
  serviceWorker: 10_000,
  key: 10_000,
  subscribe: 15_000,
  save: 15_000,
};

export class PushStepTimeoutError extends ReminderSetupError {
  constructor(reason: MessageRef) {
    super(reason);
    this.name = 'PushStepTimeoutError';
  }
}

function within<T>(step: PromiseLike<T>, ms: number, reason: MessageRef): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushStepTimeoutError(reason)), ms);
  });
  return Promise.race([Promise.resolve(step), late]).finally(() => clearTimeout(timer));
}

const NO_CONNECTION = messageRef('reminders.error.pushService');
const NOT_READY = messageRef('reminders.error.notReady');

/**
 * Subscribes this browser and stores the subscription for the signed-in user. Must be called
 * from a click: browsers only ask for notification permission after a user gesture. Every
 * step gives up after PUSH_STEP_TIMEOUTS with a message saying what to do.
 */
export async function enablePush(): Promise<PushSubscription> {
  const permission = await within(
    Notification.requestPermission(),
    PUSH_STEP_TIMEOUTS.permission,
    messageRef('reminders.error.unanswered'),
  );
  if (permission !== 'granted') {
    throw new ReminderSetupError(
      messageRef(permission === 'denied' ? 'reminders.error.blocked' : 'reminders.error.notGiven'),
    );
  }
  const [key, registration] = await Promise.all([
    within(vapidPublicKey(), PUSH_STEP_TIMEOUTS.key, NO_CONNECTION),
    within(navigator.serviceWorker.ready, PUSH_STEP_TIMEOUTS.serviceWorker, NOT_READY),
  ]);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await within(
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(key),
      }),
      PUSH_STEP_TIMEOUTS.subscribe,
      NO_CONNECTION,
    ));
  const { p256dh, auth } = subscriptionKeys(subscription);
  const supabase = await getSupabase();
  const { error } = await within(
    supabase.rpc('save_push_subscription', { endpoint: subscription.endpoint, p256dh, auth }),
    PUSH_STEP_TIMEOUTS.save,
    messageRef('reminders.error.notSaved'),
  ).catch(async (failure: unknown) => {
    // Not saved, so never pushed to: drop it so the next try subscribes afresh.
    await subscription.unsubscribe().catch(() => false);
    throw failure;
  });
  if (error) {
    // A subscription the server did not store would never be pushed to, yet would show the
    // panel as "on": drop it, so the next try subscribes afresh.
    await subscription.unsubscribe().catch(() => false);
    throw new Error(error.message);
  }
  return subscription;
}

/** Unsubscribes this browser and removes its row, so the server stops pushing to it. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('push_subscriptions')
    .delete()
    .eq('endpoint', subscription.endpoint);
  await subscription.unsubscribe();
  if (error) throw new Error(error.message);
}

/** The user's chosen days on the server, read by the push job. */
export async function saveServerThresholds(userId: string, thresholds: number[]): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('reminder_settings')
    .upsert({ user_id: userId, thresholds: normaliseThresholds(thresholds) });
  if (error) throw new Error(error.message);
}

/**
 * A real notification from this device's service worker, as a reminder would come, so the
 * user sees that reminders reach them (and how they look) without waiting for a due date.
 */
export async function sendTestReminder(): Promise<void> {
  const registration = await within(
    navigator.serviceWorker.ready,
    PUSH_STEP_TIMEOUTS.serviceWorker,
    NOT_READY,
  );
  await registration.showNotification(i18n._('reminders.test.title'), {
    body: i18n._('reminders.test.body'),
    tag: 'bimaguide-test-reminder',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: '/policy-tracker' },
  });
}
