// The renewal push job (design §6), one module for both hosts: the hosted Edge Function
// (supabase/functions/renewal-reminders) and the local server (server/reminders) run it as it
// is. Like the calendar feed it reads and writes the database through PostgREST with the
// service role, so the hosts differ only at the edges: where the settings come from, who may
// start a run, and the schedule. Imports carry `.ts`; bare packages resolve through
// renewal-reminders/deno.json on Deno and node_modules on Node.
import { PostgrestClient } from '@supabase/postgrest-js';
import webpush from 'web-push';
import { z } from 'zod';
import { addDays, isIsoDate } from '../../../src/domain/policy/dates.ts';
import { dueReminders } from '../../../src/domain/policy/reminders.ts';
import {
  reminderLocale,
  reminderNotification,
  type ReminderLocale,
} from '../../../src/domain/policy/reminder-message.ts';
import { normaliseThresholds } from '../../../src/domain/policy/reminder-settings.ts';

/** A day: a phone offline longer than that gets a reminder that is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** PostgREST's default max_rows: every select pages by it, so no user is cut off. */
const PAGE = 1000;
/** Users whose policies are read in one select (their ids travel in the URL). */
const USERS_PER_SELECT = 100;

export interface ReminderJobConfig {
  /** The project's API origin, e.g. https://<ref>.supabase.co or the local server. */
  apiUrl: string;
  serviceRoleKey: string;
  vapid: { publicKey: string; privateKey: string };
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

const subscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
});
type Subscription = z.infer<typeof subscriptionRow>;

const policyRow = z.object({
  id: z.string(),
  user_id: z.string(),
  insurer_name: z.string(),
  next_renewal_date: z.string(),
  // numeric: a JSON number from PostgREST; a string is accepted too.
  premium_amount: z.union([z.number(), z.string()]).nullable(),
  policy_types: z.object({ name: z.string(), deleted_at: z.string().nullable() }).nullable(),
});
type PolicyRow = z.infer<typeof policyRow>;

const settingsRow = z.object({
  user_id: z.string(),
  thresholds: z.unknown(),
  locale: z.unknown().optional(),
});
const shareRow = z.object({
  id: z.string(),
  owner_id: z.string(),
  recipient_id: z.string(),
  policy_id: z.string().nullable(),
});
type ShareRow = z.infer<typeof shareRow>;
const claimRows = z.array(z.object({ id: z.union([z.number(), z.string()]) }));

/**
 * The day a run is for, from a request body: `{"today": "YYYY-MM-DD"}` (a backfill, a test),
 * else `fallback()`. Both hosts answer a bad body with 400 and this message.
 */
export function requestedDay(
  body: string,
  fallback: () => string,
): { ok: true; today: string } | { ok: false; message: string } {
  if (body.trim() === '') return { ok: true, today: fallback() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, message: 'Body must be a JSON object' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'Body must be a JSON object' };
  }
  const today: unknown = 'today' in parsed ? parsed.today : undefined;
  if (today === undefined) return { ok: true, today: fallback() };
  if (typeof today !== 'string' || !isIsoDate(today)) {
    return { ok: false, message: 'today must be a YYYY-MM-DD date' };
  }
  return { ok: true, today };
}

type PushOutcome = 'delivered' | 'gone' | 'failed';

/** One push; never throws, so one subscription cannot stop the others. */
async function push(
  sub: Subscription,
  payload: string,
  config: ReminderJobConfig,
): Promise<PushOutcome> {
  if (!config.allowHttpEndpoints && !sub.endpoint.startsWith('https://')) return 'failed';
  try {
    // web-push encrypts (aes128gcm) and signs (VAPID), and throws on keys it cannot encrypt
    // to; fetch sends, so any push service URL works, including the tests' plain-HTTP one.
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: {
          subject: config.subject,
          publicKey: config.vapid.publicKey,
          privateKey: config.vapid.privateKey,
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
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      redirect: 'error',
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'delivered' : 'failed';
  } catch {
    return 'failed';
  }
}

function check<T>(res: { data: T; error: { message: string } | null }): T {
  if (res.error) throw new Error(res.error.message);
  return res.data;
}

/** Every row of a select, a page at a time; `page` must order by a unique key. */
async function selectAll<T>(
  schema: z.ZodType<T>,
  page: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: unknown; error: { message: string } | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const batch = z.array(schema).parse(check(await page(from, from + PAGE - 1)) ?? []);
    rows.push(...batch);
    if (batch.length < PAGE) return rows;
  }
}

const POLICY_COLUMNS =
  'id, user_id, insurer_name, next_renewal_date, premium_amount, policy_types(name, deleted_at)';

/**
 * One run of the renewal push job: every live policy of a user with a push subscription that
 * has crossed one of the user's thresholds (the same rule and key as the app and the service
 * worker) is pushed to each of the user's devices once. A policy shared with the user counts
 * as theirs when they turned reminders on for that share (issue 18; off by default). reminder_log's unique key is claimed
 * before sending, so two runs at once cannot both send; a reminder no device accepted is
 * released and tried again next run. Subscriptions answered 404/410 are deleted. Each user is
 * handled on their own: one user's unusable subscription or a database error while handling
 * them is counted and skipped, never the end of the run.
 */
export async function runReminderJob(config: ReminderJobConfig): Promise<ReminderJobResult> {
  // PostgREST's own client, not createClient: the job needs no auth session or Realtime socket
  // (which Node 20 could not open without a WebSocket package).
  const supabase = new PostgrestClient(`${config.apiUrl}/rest/v1`, {
    headers: { apikey: config.serviceRoleKey, Authorization: `Bearer ${config.serviceRoleKey}` },
  });
  const { today } = config;
  const result: ReminderJobResult = {
    today,
    sent: 0,
    delivered: 0,
    removed: 0,
    failed: 0,
    errors: 0,
  };
  const subscriptions = await selectAll(subscriptionRow, (from, to) =>
    supabase
      .from('push_subscriptions')
      .select('id, user_id, endpoint, p256dh, auth')
      .order('user_id')
      .order('created_at')
      .order('id')
      .range(from, to),
  );
  const subsByUser = new Map<string, Subscription[]>();
  for (const s of subscriptions)
    subsByUser.set(s.user_id, [...(subsByUser.get(s.user_id) ?? []), s]);
  const userIds = [...subsByUser.keys()];

  for (let i = 0; i < userIds.length; i += USERS_PER_SELECT) {
    const chunk = userIds.slice(i, i + USERS_PER_SELECT);
    const [policies, settings, shares] = await Promise.all([
      duePolicies(supabase, today, chunk),
      selectAll(settingsRow, (from, to) =>
        supabase
          .from('reminder_settings')
          .select('user_id, thresholds, locale')
          .in('user_id', chunk)
          .order('user_id')
          .range(from, to),
      ),
      selectAll(shareRow, (from, to) =>
        supabase
          .from('policy_shares')
          .select('id, owner_id, recipient_id, policy_id')
          .in('recipient_id', chunk)
          .eq('reminders_enabled', true)
          .order('id')
          .range(from, to),
      ),
    ]);
    const owners = [...new Set(shares.map((s) => s.owner_id))];
    const ownersPolicies: PolicyRow[] = [];
    for (let j = 0; j < owners.length; j += USERS_PER_SELECT) {
      ownersPolicies.push(
        ...(await duePolicies(supabase, today, owners.slice(j, j + USERS_PER_SELECT))),
      );
    }
    const settingsOf = new Map(settings.map((s) => [s.user_id, s]));
    for (const userId of chunk) {
      try {
        await remindUser(
          supabase,
          config,
          userId,
          [
            ...policies.filter((p) => p.user_id === userId),
            ...sharedWith(userId, shares, ownersPolicies),
          ],
          {
            thresholds: normaliseThresholds(settingsOf.get(userId)?.thresholds),
            locale: reminderLocale(settingsOf.get(userId)?.locale),
          },
          subsByUser.get(userId) ?? [],
          result,
        );
      } catch (e) {
        result.errors += 1;
        config.log?.(`renewal reminders: skipped user ${userId}: ${String(e)}`);
      }
    }
  }
  return result;
}

/** The live policies of these users that can be due within a year of today. */
function duePolicies(
  supabase: PostgrestClient,
  today: string,
  userIds: string[],
): Promise<PolicyRow[]> {
  return selectAll(policyRow, (from, to) =>
    supabase
      .from('policies')
      .select(POLICY_COLUMNS)
      .in('user_id', userIds)
      .is('deleted_at', null)
      // The largest threshold a user may pick is 365 days; nothing further out can be due.
      .lte('next_renewal_date', addDays(today, 365))
      .order('id')
      .range(from, to),
  );
}

/** The owners' policies the user's reminder-enabled shares cover (one share: one policy or all). */
function sharedWith(userId: string, shares: ShareRow[], ownersPolicies: PolicyRow[]): PolicyRow[] {
  const mine = shares.filter((s) => s.recipient_id === userId);
  return ownersPolicies.filter((p) =>
    mine.some((s) => s.owner_id === p.user_id && (s.policy_id === null || s.policy_id === p.id)),
  );
}

/** Every due reminder of one user, to each of the user's subscriptions. */
async function remindUser(
  supabase: PostgrestClient,
  config: ReminderJobConfig,
  userId: string,
  policies: PolicyRow[],
  settings: { thresholds: number[]; locale: ReminderLocale },
  subscriptions: Subscription[],
  result: ReminderJobResult,
): Promise<void> {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const due = dueReminders(
    policies.map((p) => ({ id: p.id, nextRenewalDate: p.next_renewal_date })),
    config.today,
    settings.thresholds,
  );
  let subs = subscriptions;
  for (const reminder of due) {
    const policy = byId.get(reminder.policyId);
    if (subs.length === 0) break;
    if (!policy) continue;
    // Claim the key first: a concurrent run gets nothing back and sends nothing.
    const claimed = claimRows.parse(
      check(
        await supabase
          .from('reminder_log')
          .upsert(
            {
              // The person reminded: a shared policy's recipient has their own key.
              user_id: userId,
              policy_id: reminder.policyId,
              due_date: reminder.dueDate,
              threshold: String(reminder.threshold),
            },
            { onConflict: 'user_id,policy_id,due_date,threshold', ignoreDuplicates: true },
          )
          .select('id'),
      ) ?? [],
    );
    const logId = claimed[0]?.id;
    if (logId === undefined) continue;
    let delivered = 0;
    try {
      const type = policy.policy_types?.deleted_at ? null : (policy.policy_types?.name ?? null);
      const payload = JSON.stringify(
        reminderNotification(
          reminder,
          {
            insurerName: policy.insurer_name,
            typeName: type,
            premiumAmount: policy.premium_amount === null ? null : Number(policy.premium_amount),
          },
          settings.locale,
        ),
      );
      const outcomes = await Promise.all(subs.map((s) => push(s, payload, config)));
      delivered = outcomes.filter((o) => o === 'delivered').length;
      result.delivered += delivered;
      result.failed += outcomes.filter((o) => o === 'failed').length;
      if (delivered > 0) result.sent += 1;
      const gone = subs.filter((_s, i) => outcomes[i] === 'gone').map((s) => s.id);
      // A device that failed once (a push service that never answers costs a full timeout) is
      // left out for the rest of this run, so one user's dead endpoint delays the run once,
      // not once per due policy; the next run tries it again.
      subs = subs.filter((_s, i) => outcomes[i] === 'delivered');
      if (gone.length > 0) {
        check(await supabase.from('push_subscriptions').delete().in('id', gone));
        result.removed += gone.length;
      }
    } finally {
      // Nobody got it (or something broke before anyone could): the next run tries again.
      if (delivered === 0) check(await supabase.from('reminder_log').delete().eq('id', logId));
    }
  }
}
