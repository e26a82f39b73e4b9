-- Foundation shared by every later migration: timestamp and sync-sequence triggers, the
-- admin table and is_admin().
--
-- Portability: this folder runs unchanged on hosted Supabase (PostgreSQL 15, migrations run
-- as role postgres), on PostgreSQL 15 and on PGlite (PostgreSQL 17 embedded). It therefore
-- uses no extension at all: gen_random_uuid() is core since PostgreSQL 13.
--
-- Privileges: Supabase grants ALL on every public table to anon and authenticated and lets
-- RLS do the restricting. Each table below additionally revokes what its API roles never
-- need, so a missing or mistaken policy cannot silently widen access.

-- ---------------------------------------------------------------------------------------
-- updated_at
-- ---------------------------------------------------------------------------------------
create or replace function public.tg_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Server change sequence for sync (policies, people, policy_members, policy_types).
-- ---------------------------------------------------------------------------------------
create sequence if not exists public.sync_server_seq as bigint;
revoke all on sequence public.sync_server_seq from anon, authenticated;

-- Every insert or update of a synced row takes the next value of one global sequence, and
-- clients pull with the cursor `server_seq > n`. A plain sequence is not enough for that:
-- nextval() is handed out at write time, not at commit time, so transaction T1 could take
-- 41, T2 take 42 and commit first; a client pulling in between sees 42, stores cursor 42
-- and never receives 41 when T1 commits a moment later.
--
-- The transaction-scoped advisory lock below closes that gap. It is taken before nextval()
-- and held until the writing transaction commits or rolls back, so at most one transaction
-- at a time holds unpublished sequence numbers, and a transaction can only draw a number
-- after every transaction holding a smaller one has finished. PostgreSQL makes a commit
-- visible before it releases the transaction's locks, so whenever a reader sees seq n,
-- every seq < n is already committed (or rolled back) and visible: commit order equals
-- sequence order and `server_seq > cursor` never skips a late commit.
--
-- Cost: writes to synced tables are serialised for the remainder of the writing
-- transaction. That is cheap here (short transactions, one row or one push batch each);
-- keep transactions that touch these tables short.
--
-- security definer: API roles need no privilege on the sequence, and so cannot burn or
-- read it directly.
create or replace function public.tg_set_server_seq()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- 7243190501 is an arbitrary constant reserved for this lock; do not reuse it elsewhere.
  perform pg_advisory_xact_lock(7243190501);
  new.server_seq := nextval('public.sync_server_seq');
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Admins
-- ---------------------------------------------------------------------------------------
-- Who is an admin is data, not code: the deploy step (and the local server, from
-- ADMIN_EMAIL) inserts the address here. Emails are stored lower-case so the comparison in
-- is_admin() is exact.
create table if not exists public.admins (
  email text primary key,
  created_at timestamptz not null default now(),
  constraint admins_email_lower check (email = lower(email)),
  constraint admins_email_length check (char_length(email) between 3 and 320)
);

alter table public.admins enable row level security;
-- No policies on purpose: the API roles cannot read or change the admin list at all; only
-- is_admin() (security definer) and the service role look into it.
revoke all on table public.admins from anon, authenticated;
grant all on table public.admins to service_role;

-- security definer so the check works although callers cannot read public.admins; stable
-- so the planner evaluates it once per statement when wrapped as (select public.is_admin()).
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.admins a
    where a.email = lower(coalesce(auth.jwt() ->> 'email', ''))
  );
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
