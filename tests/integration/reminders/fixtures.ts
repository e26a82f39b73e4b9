// People, policies and subscriptions for the reminder job's suites, made the way the app makes
// them: users sign up and save subscriptions through supabase-js; policies are inserted directly.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { clientFor, rawFetch } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';

export interface User {
  id: string;
  client: SupabaseClient;
  accessToken: string;
}

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface JobResult {
  sent: number;
  delivered: number;
  removed: number;
  failed: number;
  errors: number;
}

export async function signUp(ctx: SuiteContext, name: string): Promise<User> {
  const client = clientFor(ctx.server, ctx.server.anonKey);
  const email = `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'secret1' });
  if (error || !data.user || !data.session) throw new Error(`sign up failed: ${error?.message}`);
  return { id: data.user.id, client, accessToken: data.session.access_token };
}

/** Saves a subscription the way the app does (the save_push_subscription RPC). */
export async function trySubscribe(
  user: User,
  sub: SubscriptionKeys,
): Promise<{ status: number; error: PostgrestError | null }> {
  const { status, error } = await user.client.rpc('save_push_subscription', {
    endpoint: sub.endpoint,
    p256dh: sub.p256dh,
    auth: sub.auth,
  });
  return { status, error };
}

export async function subscribe(user: User, sub: SubscriptionKeys): Promise<void> {
  const { error } = await trySubscribe(user, sub);
  if (error) throw new Error(error.message);
}

export async function addType(ctx: SuiteContext, name: string): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.server.query(`insert into public.policy_types (id, name, icon) values ($1, $2, null)`, [
    id,
    name,
  ]);
  return id;
}

export async function addPolicy(
  ctx: SuiteContext,
  user: User,
  p: { typeId: string | null; insurer: string; due: string; premium?: number; deleted?: boolean },
): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.server.query(
    `insert into public.policies
       (id, user_id, policy_type_id, insurer_name, policy_number, start_date, next_renewal_date,
        premium_amount)
     values ($1, $2, $3, $4, $5, '2024-01-01', $6, $7)`,
    [id, user.id, p.typeId, p.insurer, `PN-${id.slice(0, 6)}`, p.due, p.premium ?? null],
  );
  if (p.deleted) await ctx.server.query('delete from public.policies where id = $1', [id]);
  return id;
}

/** The reminder keys logged as sent for a policy. */
export async function loggedFor(ctx: SuiteContext, policyId: string): Promise<string[]> {
  const rows = await ctx.server.query<{ threshold: string }>(
    'select threshold from public.reminder_log where policy_id = $1 order by threshold',
    [policyId],
  );
  return rows.map((r) => r.threshold);
}

/**
 * Stores a subscription the save-time checks would refuse, as rows saved before those checks
 * existed (or written by any other path) would be: the job must survive them.
 */
export async function insertUncheckedSubscription(
  ctx: SuiteContext,
  user: User,
  sub: SubscriptionKeys,
): Promise<void> {
  await ctx.server.query('alter table public.push_subscriptions disable trigger user');
  try {
    await ctx.server.query(
      `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
       values ($1, $2, $3, $4)`,
      [user.id, sub.endpoint, sub.p256dh, sub.auth],
    );
  } finally {
    await ctx.server.query('alter table public.push_subscriptions enable trigger user');
  }
}

/** Runs the local server's job over HTTP, as the service role, for a given day. */
export async function runJob(ctx: SuiteContext, today: string): Promise<JobResult> {
  const res = await rawFetch(ctx.server, '/functions/v1/renewal-reminders', {
    method: 'POST',
    token: ctx.server.serviceRoleKey,
    headers: { apikey: ctx.server.serviceRoleKey },
    body: JSON.stringify({ today }),
  });
  expect(res.status, res.text).toBe(200);
  return res.json as JobResult;
}

/**
 * Makes the job's claim fail with a database error for the reminders `condition` matches (a
 * fixed SQL test over `new`, the reminder_log row), standing in for any database error while
 * handling one user. Returns the undo.
 */
export async function refuseClaims(
  ctx: SuiteContext,
  condition: string,
): Promise<() => Promise<void>> {
  await ctx.server.query(
    `create or replace function public.test_refuse_claim() returns trigger
       language plpgsql as $$
     begin
       if ${condition} then
         raise exception 'disk full';
       end if;
       return new;
     end $$`,
  );
  await ctx.server.query(
    `create trigger test_refuse_claim before insert on public.reminder_log
       for each row execute function public.test_refuse_claim()`,
  );
  return async () => {
    await ctx.server.query('drop trigger test_refuse_claim on public.reminder_log');
  };
}
