import webpush from 'web-push';
import type { Db } from '../db.ts';
import { dueReminders, type DueReminder } from '../../src/domain/policy/reminders.ts';
import { reminderNotification } from '../../src/domain/policy/reminder-message.ts';
import { normaliseThresholds } from '../../src/domain/policy/reminder-settings.ts';
import type { VapidKeys } from './vapid.ts';

/** A day: a phone offline longer than that gets a reminder that is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface ReminderJobOptions {
  vapid: VapidKeys;
  /** The VAPID contact, a mailto: or https: URL. */
  subject: string;
  /** Today's date where the users are. */
  today: string;
  /** Local development and tests run plain-HTTP push services; real ones are HTTPS. */
  allowHttpEndpoints?: boolean;
  /** Per-request limit for a push service. */
  timeoutMs?: number;
}

export interface ReminderJobResult {
  today: string;
  /** Reminders that reached at least one device (and are now in reminder_log). */
  sent: number;
  /** Individual pushes accepted by push services. */
  delivered: number;
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number;
  /** Pushes that failed for another reason; their reminders are retried next run. */
  failed: number;
}

interface PolicyRow {
  id: string;
  user_id: string;
  insurer_name: string;
  due: string;
  type_name: string | null;
  thresholds: unknown;
}

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type PushOutcome = 'delivered' | 'gone' | 'failed';

async function push(
  sub: SubscriptionRow,
  payload: string,
  opts: ReminderJobOptions,
): Promise<PushOutcome> {
  if (!opts.allowHttpEndpoints && !sub.endpoint.startsWith('https://')) return 'failed';
  // web-push encrypts (aes128gcm) and signs (VAPID); fetch sends, so any push service URL
  // works, including the plain-HTTP fake one the tests run.
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: {
        subject: opts.subject,
        publicKey: opts.vapid.publicKey,
        privateKey: opts.vapid.privateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      redirect: 'error',
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'delivered' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * One run of the renewal push job: every live policy of a user with a push subscription that
 * has crossed one of the user's thresholds (the same rule and key as the app and the service
 * worker) is pushed to each of the user's devices once. reminder_log's unique key is claimed
 * before sending, so two runs at once cannot both send; a reminder no device accepted is
 * released and tried again next run. Subscriptions answered 404/410 are deleted.
 */
export async function runReminderJob(db: Db, opts: ReminderJobOptions): Promise<ReminderJobResult> {
  const result: ReminderJobResult = {
    today: opts.today,
    sent: 0,
    delivered: 0,
    removed: 0,
    failed: 0,
  };
  // The largest threshold a user may pick is 365 days; nothing further out can be due.
  const { rows } = await db.query<PolicyRow>(
    `select p.id::text as id, p.user_id::text as user_id, p.insurer_name,
            p.next_renewal_date::text as due, t.name as type_name, s.thresholds
       from public.policies p
       left join public.policy_types t on t.id = p.policy_type_id and t.deleted_at is null
       left join public.reminder_settings s on s.user_id = p.user_id
      where p.deleted_at is null
        and p.next_renewal_date <= $1::date + 365
        and exists (select 1 from public.push_subscriptions ps where ps.user_id = p.user_id)
      order by p.user_id, p.next_renewal_date, p.id`,
    [opts.today],
  );

  const byUser = new Map<string, PolicyRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }

  for (const [userId, policies] of byUser) {
    const thresholds = normaliseThresholds(policies[0]?.thresholds);
    const byId = new Map(policies.map((p) => [p.id, p]));
    const due = dueReminders(
      policies.map((p) => ({ id: p.id, nextRenewalDate: p.due })),
      opts.today,
      thresholds,
    );
    if (due.length === 0) continue;
    let subs = (
      await db.query<SubscriptionRow>(
        `select id::text as id, endpoint, p256dh, auth
           from public.push_subscriptions where user_id = $1 order by created_at, id`,
        [userId],
      )
    ).rows;
    for (const reminder of due) {
      if (subs.length === 0) break;
      const policy = byId.get(reminder.policyId);
      if (!policy) continue;
      const logId = await claim(db, userId, reminder);
      if (logId === null) continue;
      const payload = JSON.stringify(
        reminderNotification(reminder, {
          insurerName: policy.insurer_name,
          typeName: policy.type_name,
        }),
      );
      const outcomes = await Promise.all(subs.map((s) => push(s, payload, opts)));
      const gone = subs.filter((_s, i) => outcomes[i] === 'gone');
      for (const s of gone) {
        await db.query('delete from public.push_subscriptions where id = $1', [s.id]);
      }
      result.removed += gone.length;
      result.failed += outcomes.filter((o) => o === 'failed').length;
      const delivered = outcomes.filter((o) => o === 'delivered').length;
      result.delivered += delivered;
      subs = subs.filter((_s, i) => outcomes[i] !== 'gone');
      if (delivered > 0) result.sent += 1;
      else await db.query('delete from public.reminder_log where id = $1', [logId]);
    }
  }
  return result;
}

/** Takes the reminder's key in reminder_log; null when it was already sent. */
async function claim(db: Db, userId: string, reminder: DueReminder): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.reminder_log (user_id, policy_id, due_date, threshold)
     values ($1, $2, $3::date, $4)
     on conflict on constraint reminder_log_policy_due_threshold_key do nothing
     returning id::text as id`,
    [userId, reminder.policyId, reminder.dueDate, String(reminder.threshold)],
  );
  return rows[0]?.id ?? null;
}
