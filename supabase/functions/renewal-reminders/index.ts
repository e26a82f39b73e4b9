// Hosted twin of server/reminders (design §6): sends renewal Web Push reminders for policies
// crossing a threshold, once per key (reminder_log), and drops subscriptions answered 404/410.
// Runs on Deno in Supabase Edge Functions; see README.md for secrets and scheduling.
// tests/integration/reminders/hosted-function.test.ts runs it under Deno against the local
// server, so every query here must also work on its PostgREST stand-in.
import webpush from 'npm:web-push@3.6.7';
import { createClient } from 'npm:@supabase/supabase-js@2';
import { env, isServiceRole, json } from '../_shared/http.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { reminderNotification } from '../../../src/domain/policy/reminder-message.ts';
import { addDays, dueReminders, isIsoDate, normaliseThresholds, todayIn } from './rule.ts';

/** A day: a phone offline longer than that gets a reminder that is no longer news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

interface Subscription {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface PolicyRow {
  id: string;
  user_id: string;
  insurer_name: string;
  next_renewal_date: string;
  /** numeric: a JSON number from PostgREST; a string is accepted too. */
  premium_amount: number | string | null;
  policy_types: { name: string; deleted_at: string | null } | null;
}

/** The same counts as the local job's result (server/reminders/job.ts). */
interface JobResult {
  today: string;
  sent: number;
  delivered: number;
  removed: number;
  failed: number;
  /** Users skipped after an unexpected error (a database error); retried next run. */
  errors: number;
}

/** The day to run for: the body's `today` (a backfill, a test), else today where users are. */
async function requestedDay(req: Request): Promise<string | Response> {
  const text = await req.text();
  if (text.trim() === '') return todayIn(Deno.env.get('REMINDER_TIME_ZONE') ?? 'Asia/Kolkata');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(400, { message: 'Body must be a JSON object' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return json(400, { message: 'Body must be a JSON object' });
  }
  const today: unknown = 'today' in body ? body.today : undefined;
  if (today === undefined) return todayIn(Deno.env.get('REMINDER_TIME_ZONE') ?? 'Asia/Kolkata');
  if (typeof today !== 'string' || !isIsoDate(today)) {
    return json(400, { message: 'today must be a YYYY-MM-DD date' });
  }
  return today;
}

/** One push; never throws, so one subscription cannot stop the others. */
async function push(sub: Subscription, payload: string): Promise<'delivered' | 'gone' | 'failed'> {
  if (!sub.endpoint.startsWith('https://')) return 'failed';
  try {
    // Throws on keys it cannot encrypt to (malformed, or not a point on the curve).
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: {
          subject: env('VAPID_SUBJECT'),
          publicKey: env('VAPID_PUBLIC_KEY'),
          privateKey: env('VAPID_PRIVATE_KEY'),
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
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
    await res.body?.cancel();
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

/** Every due reminder of one user, to each of the user's subscriptions. */
async function remindUser(
  supabase: SupabaseClient,
  today: string,
  policies: PolicyRow[],
  thresholds: number[],
  subscriptions: Subscription[],
  result: JobResult,
): Promise<void> {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const due = dueReminders(
    policies.map((p) => ({ id: p.id, nextRenewalDate: p.next_renewal_date })),
    today,
    thresholds,
  );
  let subs = subscriptions;
  for (const reminder of due) {
    const policy = byId.get(reminder.policyId);
    if (subs.length === 0) break;
    if (!policy) continue;
    // Claim the key first: a concurrent run gets nothing back and sends nothing.
    const claimed = check(
      await supabase
        .from('reminder_log')
        .upsert(
          {
            user_id: policy.user_id,
            policy_id: reminder.policyId,
            due_date: reminder.dueDate,
            threshold: String(reminder.threshold),
          },
          { onConflict: 'policy_id,due_date,threshold', ignoreDuplicates: true },
        )
        .select('id'),
    ) as { id: number }[] | null;
    const logId = claimed?.[0]?.id;
    if (logId === undefined) continue;
    let delivered = 0;
    try {
      const type = policy.policy_types?.deleted_at ? null : (policy.policy_types?.name ?? null);
      const payload = JSON.stringify(
        reminderNotification(reminder, {
          insurerName: policy.insurer_name,
          typeName: type,
          premiumAmount: policy.premium_amount === null ? null : Number(policy.premium_amount),
        }),
      );
      const outcomes = await Promise.all(subs.map((s) => push(s, payload)));
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

async function run(supabase: SupabaseClient, today: string): Promise<JobResult> {
  const result: JobResult = { today, sent: 0, delivered: 0, removed: 0, failed: 0, errors: 0 };
  const subRows = check(
    await supabase.from('push_subscriptions').select('id, user_id, endpoint, p256dh, auth'),
  ) as Subscription[] | null;
  const subsByUser = new Map<string, Subscription[]>();
  for (const s of subRows ?? []) {
    subsByUser.set(s.user_id, [...(subsByUser.get(s.user_id) ?? []), s]);
  }
  const userIds = [...subsByUser.keys()];
  if (userIds.length === 0) return result;

  const [policiesRes, settingsRes] = await Promise.all([
    supabase
      .from('policies')
      .select(
        'id, user_id, insurer_name, next_renewal_date, premium_amount, policy_types(name, deleted_at)',
      )
      .in('user_id', userIds)
      .is('deleted_at', null)
      // The largest threshold a user may pick is 365 days; nothing further out can be due.
      .lte('next_renewal_date', addDays(today, 365)),
    supabase.from('reminder_settings').select('user_id, thresholds').in('user_id', userIds),
  ]);
  const policies = (check(policiesRes) ?? []) as unknown as PolicyRow[];
  const settings = (check(settingsRes) ?? []) as { user_id: string; thresholds: unknown }[];
  const thresholdsOf = new Map(settings.map((s) => [s.user_id, s.thresholds]));

  for (const userId of userIds) {
    try {
      await remindUser(
        supabase,
        today,
        policies.filter((p) => p.user_id === userId),
        normaliseThresholds(thresholdsOf.get(userId)),
        subsByUser.get(userId) ?? [],
        result,
      );
    } catch (e) {
      result.errors += 1;
      console.error(`renewal reminders: skipped user ${userId}: ${String(e)}`);
    }
  }
  return result;
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
  if (!isServiceRole(req)) return json(401, { message: 'Only the service role may run this' });
  const today = await requestedDay(req);
  if (today instanceof Response) return today;
  const supabase = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  try {
    return json(200, await run(supabase, today));
  } catch (e) {
    return json(500, { message: e instanceof Error ? e.message : 'reminder job failed' });
  }
});
