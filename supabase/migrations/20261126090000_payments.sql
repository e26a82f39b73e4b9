-- Payments (issue 19): what the user paid for a policy, recorded by Mark Renewed or added by
-- hand for past years, synced like the other tracker rows (design §5).
--
-- A payment's life, which the policies and triggers below enforce:
--   1. it is created (sync_push or /rest/v1) on one of the user's live policies;
--   2. its amount, date, mode and reference can be edited; its owner and policy never change;
--   3. deleting it tombstones it; deleting its policy (by the owner, or by the admin) tombstones
--      it with the same deleted_at, and restoring the policy (sync_restore_policy, within 30
--      days) brings back exactly those, not the ones deleted on their own before.
-- Only the owner sees or writes payments (sharing, where it comes, adds its own policies); the
-- admin does not read them.

create table if not exists public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  policy_id uuid not null references public.policies (id) on delete cascade,
  -- The same scale as policies.premium_amount: a renewal's payment defaults to the premium.
  amount numeric(12, 2) not null,
  paid_on date not null,
  mode text,
  -- A UPI transaction id, a cheque number, a receipt number.
  reference text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  server_seq bigint not null default 0,
  -- NaN compares greater than every number, so the upper bound also refuses it.
  constraint payments_amount_range check (amount > 0 and amount < 10000000000),
  constraint payments_paid_on_in_range check (
    paid_on between date '1900-01-01' and date '2999-12-31'),
  constraint payments_mode_valid check (
    mode is null or mode in ('upi', 'card', 'net_banking', 'cheque', 'cash', 'auto_debit')),
  constraint payments_reference_length check (
    reference is null or char_length(btrim(reference)) between 1 and 100),
  constraint payments_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and (deleted_at is null
      or deleted_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'))
);

create index if not exists payments_user_seq_idx on public.payments (user_id, server_seq);
create index if not exists payments_policy_idx on public.payments (policy_id);

-- The tombstones a policy's deletion and restore act on are found by policy: a payment moved
-- to another policy would come back (or stay away) with the wrong one.
create or replace function public.tg_payments_fixed_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id <> old.user_id or new.policy_id <> old.policy_id then
    raise exception 'A payment stays with its policy' using errcode = '22023';
  end if;
  return new;
end;
$$;

-- A plain DELETE through /rest/v1 tombstones, as for the other synced tables (see
-- tg_soft_delete in 20251121050200_tracker.sql); cascades (account deletion) really delete.
create or replace function public.tg_payments_soft_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 then
    return old;
  end if;
  update public.payments set deleted_at = now() where id = old.id and deleted_at is null;
  return null;
end;
$$;

create or replace trigger payments_set_updated_at
  before update on public.payments
  for each row execute function public.tg_set_updated_at();
create or replace trigger payments_set_server_seq
  before insert or update on public.payments
  for each row execute function public.tg_set_server_seq();
create or replace trigger payments_fixed_fields
  before update on public.payments
  for each row execute function public.tg_payments_fixed_fields();
create or replace trigger payments_soft_delete
  before delete on public.payments
  for each row execute function public.tg_payments_soft_delete();
create trigger sync_poke_after_insert after insert on public.payments
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_update after update on public.payments
  referencing new table as changed for each statement execute function public.tg_sync_poke();

alter table public.payments enable row level security;

revoke all on table public.payments from anon, authenticated;
grant select, insert, update, delete on table public.payments to authenticated;
grant all on table public.payments to service_role;

create policy "Users can read their own payments"
  on public.payments for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can record payments for their own live policies"
  on public.payments for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.policies p
      where p.id = policy_id and p.user_id = (select auth.uid()) and p.deleted_at is null
    )
  );

create policy "Users can change their own payments"
  on public.payments for update
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null)
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own payments"
  on public.payments for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- A deleted policy takes its payments with it, whoever deleted it (the owner, or the admin
-- through tg_soft_delete). Runs as owner because the admin may not update payments. The
-- same deleted_at as the policy's is what sync_restore_policy brings back.
create or replace function public.tg_cascade_payment_tombstones()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.payments
     set deleted_at = new.deleted_at
   where policy_id = new.id and deleted_at is null;
  return null;
end;
$$;

create or replace trigger policies_cascade_payment_tombstones
  after update of deleted_at on public.policies
  for each row
  when (old.deleted_at is null and new.deleted_at is not null)
  execute function public.tg_cascade_payment_tombstones();
