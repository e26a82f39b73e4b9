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
  /** Told of each user skipped after an unexpected error. */
  log?: (msg: string) => void;
}

export interface ReminderJobResult {
  today: string;
  /** Reminders that reached at least one device (and are now in reminder_log). */
  sent: number;
  /** Individual pushes accepted by push services. */
  delivered: number;
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number;
  /**
   * Pushes that failed for another reason (unusable keys included); their reminders are
   * retried next run unless another device took them.
   */
  failed: number;
  /** Users skipped after an unexpected error (a database error); retried next run. */
  errors: number;
}

interface PolicyRow {
  id: string;
  user_id: string;
  insurer_name: string;
  premium: number | null;
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

/** One push; never throws, so one subscription cannot stop the others. */
async function push(
  sub: SubscriptionRow,
  payload: string,
  opts: ReminderJobOptions,
): Promise<PushOutcome> {
  if (!opts.allowHttpEndpoints && !sub.endpoint.startsWith('https://')) return 'failed';
  try {
    // web-push encrypts (aes128gcm) and signs (VAPID), and throws on keys it cannot encrypt
    // to; fetch sends, so any push service URL works, including the tests' plain-HTTP one.
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
 * released and tried again next run. Subscriptions answered 404/410 are deleted. Each user is
 * handled on their own: one user's unusable subscription or a database error while handling
 * them is counted and skipped, never the end of the run.
 */
export async function runReminderJob(db: Db, opts: ReminderJobOptions): Promise<ReminderJobResult> {
  const result: ReminderJobResult = {
    today: opts.today,
    sent: 0,
    delivered: 0,
    removed: 0,
    failed: 0,
    errors: 0,
  };
  for (const [userId, policies] of await duePoliciesByUser(db, opts.today)) {
    try {
      await remindUser(db, opts, userId, policies, result);
    } catch (e) {
      result.errors += 1;
      opts.log?.(`renewal reminders: skipped user ${userId}: ${String(e)}`);
    }
  }
  return result;
}

async function duePoliciesByUser(db: Db, today: string): Promise<Map<string, PolicyRow[]>> {
  // The largest threshold a user may pick is 365 days; nothing further out can be due.
  const { rows } = await db.query<PolicyRow>(
    `select p.id::text as id, p.user_id::text as user_id, p.insurer_name,
            p.premium_amount::float8 as premium, p.next_renewal_date::text as due, t.name as type_name, s.thresholds
       from public.policies p
       left join public.policy_types t on t.id = p.policy_type_id and t.deleted_at is null
       left join public.reminder_settings s on s.user_id = p.user_id
      where p.deleted_at is null
        and p.next_renewal_date <= $1::date + 365
        and exists (select 1 from public.push_subscriptions ps where ps.user_id = p.user_id)
      order by p.user_id, p.next_renewal_date, p.id`,
    [today],
  );
  const byUser = new Map<string, PolicyRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

async function remindUser(
  db: Db,
  opts: ReminderJobOptions,
  userId: string,
  policies: PolicyRow[],
  result: ReminderJobResult,
): Promise<void> {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const due = dueReminders(
    policies.map((p) => ({ id: p.id, nextRenewalDate: p.due })),
    opts.today,
    normaliseThresholds(policies[0]?.thresholds),
  );
  if (due.length === 0) return;
  let subs = (
    await db.query<SubscriptionRow>(
      `select id::text as id, endpoint, p256dh, auth
         from public.push_subscriptions where user_id = $1 order by created_at, id`,
      [userId],
    )
  ).rows;
  for (const reminder of due) {
    const policy = byId.get(reminder.policyId);
    if (subs.length === 0) break;
    if (!policy) continue;
    const logId = await claim(db, userId, reminder);
    if (logId === null) continue;
    let delivered = 0;
    try {
      const payload = JSON.stringify(
        reminderNotification(reminder, {
          insurerName: policy.insurer_name,
          typeName: policy.type_name,
          premiumAmount: policy.premium,
        }),
      );
      const outcomes = await Promise.all(subs.map((s) => push(s, payload, opts)));
      delivered = outcomes.filter((o) => o === 'delivered').length;
      result.delivered += delivered;
      result.failed += outcomes.filter((o) => o === 'failed').length;
      if (delivered > 0) result.sent += 1;
      const gone = subs.filter((_s, i) => outcomes[i] === 'gone');
      // A device that failed once (a push service that never answers costs a full timeout) is
      // left out for the rest of this run, so one user's dead endpoint delays the run once,
      // not once per due policy; the next run tries it again.
      subs = subs.filter((_s, i) => outcomes[i] === 'delivered');
      for (const s of gone) {
        await db.query('delete from public.push_subscriptions where id = $1', [s.id]);
        result.removed += 1;
      }
    } finally {
      // Nobody got it (or something broke before anyone could): the next run tries again.
      if (delivered === 0) await db.query('delete from public.reminder_log where id = $1', [logId]);
    }
  }
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
