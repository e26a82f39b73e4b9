// Hosted twin of server/reminders (design §6): sends renewal Web Push reminders for policies
// crossing a threshold, once per key (reminder_log), and drops subscriptions answered 404/410.
// Runs on Deno in Supabase Edge Functions; see README.md for secrets and scheduling.
import webpush from 'npm:web-push@3.6.7';
import { createClient } from 'npm:@supabase/supabase-js@2';
import {
  addDays,
  dueReminders,
  normaliseThresholds,
  reminderNotification,
  todayIn,
} from './rule.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): void;
};

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
  policy_types: { name: string; deleted_at: string | null } | null;
}

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

async function push(sub: Subscription, payload: string): Promise<'delivered' | 'gone' | 'failed'> {
  if (!sub.endpoint.startsWith('https://')) return 'failed';
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: {
        subject: env('VAPID_SUBJECT'),
        publicKey: env('VAPID_PUBLIC_KEY'),
        privateKey: env('VAPID_PRIVATE_KEY'),
      },
      TTL: 24 * 60 * 60,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'delivered' : 'failed';
  } catch {
    return 'failed';
  }
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
  const token = req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '');
  if (token !== serviceKey) return json(401, { message: 'Only the service role may run this' });

  const supabase = createClient(env('SUPABASE_URL'), serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const today = todayIn(Deno.env.get('REMINDER_TIME_ZONE') ?? 'Asia/Kolkata');
  const result = { today, sent: 0, delivered: 0, removed: 0, failed: 0 };

  const { data: subRows, error: subError } = await supabase
    .from('push_subscriptions')
    .select('id, user_id, endpoint, p256dh, auth');
  if (subError) return json(500, { message: subError.message });
  const subsByUser = new Map<string, Subscription[]>();
  for (const s of (subRows ?? []) as Subscription[]) {
    subsByUser.set(s.user_id, [...(subsByUser.get(s.user_id) ?? []), s]);
  }
  const userIds = [...subsByUser.keys()];
  if (userIds.length === 0) return json(200, result);

  const [policiesRes, settingsRes] = await Promise.all([
    supabase
      .from('policies')
      .select('id, user_id, insurer_name, next_renewal_date, policy_types(name, deleted_at)')
      .in('user_id', userIds)
      .is('deleted_at', null)
      .lte('next_renewal_date', addDays(today, 365)),
    supabase.from('reminder_settings').select('user_id, thresholds').in('user_id', userIds),
  ]);
  if (policiesRes.error) return json(500, { message: policiesRes.error.message });
  if (settingsRes.error) return json(500, { message: settingsRes.error.message });
  const thresholdsOf = new Map(
    (settingsRes.data ?? []).map((s: { user_id: string; thresholds: unknown }) => [
      s.user_id,
      normaliseThresholds(s.thresholds),
    ]),
  );

  const policies = (policiesRes.data ?? []) as unknown as PolicyRow[];
  for (const userId of userIds) {
    const own = policies.filter((p) => p.user_id === userId);
    const byId = new Map(own.map((p) => [p.id, p]));
    const due = dueReminders(
      own.map((p) => ({ id: p.id, nextRenewalDate: p.next_renewal_date })),
      today,
      thresholdsOf.get(userId) ?? normaliseThresholds(null),
    );
    let subs = subsByUser.get(userId) ?? [];
    for (const reminder of due) {
      const policy = byId.get(reminder.policyId);
      if (!policy || subs.length === 0) continue;
      // Claim the key first: a concurrent run gets nothing back and sends nothing.
      const { data: claimed, error } = await supabase
        .from('reminder_log')
        .upsert(
          {
            user_id: userId,
            policy_id: reminder.policyId,
            due_date: reminder.dueDate,
            threshold: String(reminder.threshold),
          },
          { onConflict: 'policy_id,due_date,threshold', ignoreDuplicates: true },
        )
        .select('id');
      const logId = (claimed as { id: number }[] | null)?.[0]?.id;
      if (error || logId === undefined) continue;
      const type = policy.policy_types?.deleted_at ? null : (policy.policy_types?.name ?? null);
      const payload = JSON.stringify(
        reminderNotification(reminder, { insurerName: policy.insurer_name, typeName: type }),
      );
      const outcomes = await Promise.all(subs.map((s) => push(s, payload)));
      const gone = subs.filter((_s, i) => outcomes[i] === 'gone');
      if (gone.length > 0) {
        await supabase
          .from('push_subscriptions')
          .delete()
          .in(
            'id',
            gone.map((s) => s.id),
          );
      }
      subs = subs.filter((_s, i) => outcomes[i] !== 'gone');
      const delivered = outcomes.filter((o) => o === 'delivered').length;
      result.removed += gone.length;
      result.failed += outcomes.filter((o) => o === 'failed').length;
      result.delivered += delivered;
      if (delivered > 0) result.sent += 1;
      // Nobody got it: release the key so the next run tries again.
      else await supabase.from('reminder_log').delete().eq('id', logId);
    }
  }
  return json(200, result);
});
