-- A private calendar feed of a user's renewals (issue 19): a calendar app subscribes to
-- /functions/v1/calendar-feed/<token>.ics and polls it without signing in, so the token in the
-- address is the only key. It is made here, never chosen by the client (64 hex characters from
-- two random UUIDs, 244 random bits), kept readable by its owner so the app can show the
-- address again, and replaced by regenerate_calendar_feed(): the old address then answers 404.
-- The feed itself is read with the service role (supabase/functions/calendar-feed and the
-- local server run the same handler), so no policy here lets anyone read by token.

create table if not exists public.calendar_feeds (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now(),
  constraint calendar_feeds_token_shape check (token ~ '^[0-9a-f]{64}$')
);

alter table public.calendar_feeds enable row level security;

revoke all on table public.calendar_feeds from anon, authenticated;
-- Insert and update only through regenerate_calendar_feed(), which makes the token.
grant select, delete on table public.calendar_feeds to authenticated;
grant all on table public.calendar_feeds to service_role;

create policy "Users can read their own calendar feed"
  on public.calendar_feeds for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can turn off their own calendar feed"
  on public.calendar_feeds for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- Security definer: the caller may not write the table, and must not pick the token.
create or replace function public.regenerate_calendar_feed()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if v_uid is null then
    raise exception 'Sign in to make a calendar feed' using errcode = '42501';
  end if;
  insert into public.calendar_feeds (user_id, token)
  values (v_uid, v_token)
  on conflict (user_id) do update set token = excluded.token, created_at = now();
  return v_token;
end
$$;

revoke all on function public.regenerate_calendar_feed() from public, anon;
grant execute on function public.regenerate_calendar_feed() to authenticated;
