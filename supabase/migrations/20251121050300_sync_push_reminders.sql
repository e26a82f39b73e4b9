-- Sync bookkeeping, web-push subscriptions and reminder de-duplication. Design §5, §6.

-- ---------------------------------------------------------------------------------------
-- sync_ops: one row per operation a client pushed and the server applied. The op id is
-- generated on the device, so a batch re-sent after a lost response is recognised and
-- answered with the stored result instead of being applied twice.
-- ---------------------------------------------------------------------------------------
create table if not exists public.sync_ops (
  op_id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  applied_at timestamptz not null default now(),
  result jsonb
);

-- Old entries can be pruned (a device retries for minutes or days, not months); there is
-- no pg_cron here, so pruning belongs to the scheduled reminder job or a manual query.
create index if not exists sync_ops_user_applied_idx on public.sync_ops (user_id, applied_at);

alter table public.sync_ops enable row level security;

revoke all on table public.sync_ops from anon, authenticated;
grant select, insert, update on table public.sync_ops to authenticated;
grant all on table public.sync_ops to service_role;

create policy "Users can read their own pushed operations"
  on public.sync_ops for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can record their own pushed operations"
  on public.sync_ops for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own pushed operations"
  on public.sync_ops for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------
-- push_subscriptions: Web Push endpoints a user opted in from.
-- ---------------------------------------------------------------------------------------
create table if not exists public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint push_subscriptions_endpoint_key unique (endpoint),
  constraint push_subscriptions_endpoint_format check (
    endpoint ~ '^https?://' and char_length(endpoint) <= 2048
  ),
  constraint push_subscriptions_p256dh_length check (char_length(p256dh) between 1 and 200),
  constraint push_subscriptions_auth_length check (char_length(auth) between 1 and 100)
);

create index if not exists push_subscriptions_user_idx on public.push_subscriptions (user_id);

create or replace trigger push_subscriptions_set_updated_at
  before update on public.push_subscriptions
  for each row execute function public.tg_set_updated_at();

alter table public.push_subscriptions enable row level security;

revoke all on table public.push_subscriptions from anon, authenticated;
grant select, insert, update, delete on table public.push_subscriptions to authenticated;
grant all on table public.push_subscriptions to service_role;

create policy "Users can read their own push subscriptions"
  on public.push_subscriptions for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own push subscriptions"
  on public.push_subscriptions for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own push subscriptions"
  on public.push_subscriptions for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own push subscriptions"
  on public.push_subscriptions for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- One browser has one endpoint, but several accounts may use that browser in turn. A plain
-- upsert on endpoint would hit the previous account's row, which RLS hides, and fail; this
-- function moves the endpoint to whoever subscribes now (the browser only delivers to the
-- person signed in, and the previous account must not keep receiving their reminders).
create or replace function public.save_push_subscription(endpoint text, p256dh text, auth text)
returns public.push_subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_row public.push_subscriptions;
begin
  if v_uid is null then
    raise exception 'Sign in to enable reminders' using errcode = '42501';
  end if;
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth)
  values (v_uid, save_push_subscription.endpoint, save_push_subscription.p256dh,
          save_push_subscription.auth)
  on conflict on constraint push_subscriptions_endpoint_key do update
    set user_id = excluded.user_id,
        p256dh = excluded.p256dh,
        auth = excluded.auth
  returning s.* into v_row;
  return v_row;
end;
$$;

revoke all on function public.save_push_subscription(text, text, text) from public, anon;
grant execute on function public.save_push_subscription(text, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- reminder_log: which reminder went out for which renewal, so the scheduled push job (and
-- its hosted twin in supabase/functions) never sends the same one twice. The key matches
-- the in-app and service-worker de-duplication key: policy, due date, threshold.
-- ---------------------------------------------------------------------------------------
create table if not exists public.reminder_log (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  policy_id uuid not null references public.policies (id) on delete cascade,
  due_date date not null,
  -- Days before the due date ('30', '7', '1', '0') or 'lapsed'.
  threshold text not null,
  sent_at timestamptz not null default now(),
  constraint reminder_log_policy_due_threshold_key unique (policy_id, due_date, threshold),
  constraint reminder_log_threshold_format check (threshold ~ '^([0-9]{1,3}|lapsed)$')
);

create index if not exists reminder_log_user_idx on public.reminder_log (user_id, sent_at);

alter table public.reminder_log enable row level security;

-- Written by the reminder job with the service role (which bypasses RLS); users may only
-- look at their own history.
revoke all on table public.reminder_log from anon, authenticated;
grant select on table public.reminder_log to authenticated;
grant all on table public.reminder_log to service_role;

create policy "Users can read their own reminder log"
  on public.reminder_log for select
  to authenticated
  using (user_id = (select auth.uid()));
