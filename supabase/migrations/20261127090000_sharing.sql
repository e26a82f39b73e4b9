-- Family sharing (issue 18): an owner shares one policy, or all their policies (including
-- ones added later), with another account as a viewer or an editor.
--
--   viewer  reads the policy and everything hanging off it: its member links and the people
--           they name, its payments, its documents' rows and files, the owner's own type.
--   editor  also changes the policy (upsert, Mark Renewed), records and edits its payments
--           and renames its documents. Never deletes, restores, shares or changes sharing;
--           the owner's people, member links and documents stay the owner's to add or remove
--           (a person is shared by every policy of the owner, so changing one is not a change
--           to the shared policy alone).
--   stranger nothing; the admin exactly as before (live policies, deleting them).
--
-- Rows keep their owner: a payment an editor records belongs to the policy's owner (a trigger
-- sets it), so the owner's devices pull it like their own and sharing can end without moving
-- anything. Shares and invitations are written only by the security definer functions of
-- 20261127090100_sharing_rpc.sql; RLS lets the two parties read them.
--
-- The helpers below are security definer (they read policies and shares whatever the
-- caller's RLS says, so a policy on one table never recurses into another's) and stable, with
-- an empty search_path. They answer for auth.uid() only, so they can tell nobody anything
-- about another account.

-- ---------------------------------------------------------------------------------------
-- policy_shares: who may see (and change) which of an owner's policies
-- ---------------------------------------------------------------------------------------
create table if not exists public.policy_shares (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  -- null: every policy of the owner, those added later included.
  policy_id uuid references public.policies (id) on delete cascade,
  role text not null,
  -- Renewal reminders for the recipient; off until they turn them on for this share.
  reminders_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint policy_shares_role_valid check (role in ('viewer', 'editor')),
  constraint policy_shares_not_self check (owner_id <> recipient_id),
  -- One share per owner, recipient and scope; accepting again changes its role.
  constraint policy_shares_scope_key unique nulls not distinct (owner_id, recipient_id, policy_id)
);

create index if not exists policy_shares_recipient_idx on public.policy_shares (recipient_id, owner_id);
create index if not exists policy_shares_policy_idx on public.policy_shares (policy_id);

create or replace trigger policy_shares_set_updated_at
  before update on public.policy_shares
  for each row execute function public.tg_set_updated_at();

alter table public.policy_shares enable row level security;

revoke all on table public.policy_shares from anon, authenticated;
grant select on table public.policy_shares to authenticated;
grant all on table public.policy_shares to service_role;

create policy "Owners can read the shares of their policies"
  on public.policy_shares for select
  to authenticated
  using (owner_id = (select auth.uid()));

create policy "Recipients can read the shares made with them"
  on public.policy_shares for select
  to authenticated
  using (recipient_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------
-- share_invitations: an offer of a share, by email, until accepted, declined, withdrawn or
-- 14 days old. The link in the mail carries a random token; only its SHA-256 is stored, so
-- the table never holds a usable link (a hash of 244 random bits cannot be turned back).
-- ---------------------------------------------------------------------------------------
create table if not exists public.share_invitations (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- Lower-case; compared with the signed-in user's confirmed address.
  email text not null,
  -- null: every policy of the owner (as in policy_shares).
  policy_id uuid references public.policies (id) on delete cascade,
  role text not null,
  token_hash text not null,
  -- 'expired' is written when a newer invitation replaces a pending one past its date;
  -- readers treat any pending row past expires_at as expired.
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  responded_at timestamptz,
  -- Who accepted (their account may use another letter case of the address).
  recipient_id uuid references auth.users (id) on delete set null,
  constraint share_invitations_role_valid check (role in ('viewer', 'editor')),
  constraint share_invitations_status_valid check (
    status in ('pending', 'accepted', 'declined', 'withdrawn', 'expired')),
  constraint share_invitations_email_shape check (
    email = lower(email) and char_length(email) between 3 and 320
    and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint share_invitations_token_hash_shape check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint share_invitations_token_hash_key unique (token_hash)
);

-- At most one waiting invitation per owner, address and scope (the duplicate rule).
create unique index if not exists share_invitations_one_pending_key
  on public.share_invitations (owner_id, email, coalesce(policy_id, '00000000-0000-0000-0000-000000000000'::uuid))
  where status = 'pending';
create index if not exists share_invitations_email_idx on public.share_invitations (email);
create index if not exists share_invitations_owner_idx on public.share_invitations (owner_id, created_at);

alter table public.share_invitations enable row level security;

revoke all on table public.share_invitations from anon, authenticated;
-- Every column but token_hash: the hash cannot be turned back into a link, but it is the
-- invitation's secret all the same and nobody's app needs it.
grant select (id, owner_id, email, policy_id, role, status, created_at, expires_at,
  responded_at, recipient_id) on table public.share_invitations to authenticated;
grant all on table public.share_invitations to service_role;

create policy "Owners can read the invitations they sent"
  on public.share_invitations for select
  to authenticated
  using (owner_id = (select auth.uid()));

-- The address must be the caller's confirmed one (otherwise an unconfirmed sign-up with
-- someone else's address could read their invitations).
create or replace function public.my_confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email)
    from auth.users u
   where u.id = auth.uid() and u.email_confirmed_at is not null
$$;

-- Only while it waits for an answer: once withdrawn, declined, accepted or expired it is the
-- sender's record, not something the addressee keeps reading (with the policy's label).
create policy "People can read the invitations waiting at their address"
  on public.share_invitations for select
  to authenticated
  using (email = (select public.my_confirmed_email()) and status = 'pending' and expires_at > now());

-- ---------------------------------------------------------------------------------------
-- Helpers RLS and the RPCs ask
-- ---------------------------------------------------------------------------------------

-- Whether any share names the caller as recipient. Wrapped as (select …) it runs once per
-- statement, so the per-row checks below cost nothing for the many accounts nobody shares
-- with, and an owner's own rows never reach them (user_id <> auth.uid() comes first).
create or replace function public.is_share_recipient()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.policy_shares s where s.recipient_id = auth.uid())
$$;

-- The caller's role on a live policy through shares: 'editor', 'viewer' or null (no share,
-- the caller owns it, or it is deleted). A policy-wide and an all-policies share together
-- give the higher role. A deleted policy is nobody's to see but its owner's: its tombstone
-- keeps every field, and a recipient's device removes its copy because sync_pull's
-- shared_policies no longer lists it.
create or replace function public.shared_policy_role(p_policy_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
           when bool_or(s.role = 'editor') then 'editor'
           when count(*) > 0 then 'viewer'
         end
    from public.policies p
    join public.policy_shares s
      on s.owner_id = p.user_id
     and (s.policy_id is null or s.policy_id = p.id)
   where p.id = p_policy_id
     and p.deleted_at is null
     and s.recipient_id = auth.uid()
$$;

-- When the caller's earliest share covering a live policy began (null: none).
create or replace function public.shared_since(p_policy_id uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select min(s.created_at)
    from public.policies p
    join public.policy_shares s
      on s.owner_id = p.user_id
     and (s.policy_id is null or s.policy_id = p.id)
   where p.id = p_policy_id
     and p.deleted_at is null
     and s.recipient_id = auth.uid()
$$;

-- A member link, payment or document row of a policy shared with the caller: live, or a
-- tombstone written after the share began (the device must remove what it pulled; one from
-- before would hand the recipient data the owner had deleted before sharing).
create or replace function public.can_read_shared_row(p_policy_id uuid, p_deleted_at timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(case when p_deleted_at is null then x.since is not null
                       else p_deleted_at > x.since end, false)
    from (select public.shared_since(p_policy_id) as since) x
$$;

-- Owner, or any share of the live policy: may read it and what hangs off it.
create or replace function public.can_read_policy(p_policy_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.policies p where p.id = p_policy_id and p.user_id = auth.uid())
      or public.shared_policy_role(p_policy_id) is not null
$$;

-- Owner or an editor's share.
create or replace function public.can_edit_policy(p_policy_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.policies p where p.id = p_policy_id and p.user_id = auth.uid())
      or public.shared_policy_role(p_policy_id) = 'editor'
$$;

-- A person is seen by a recipient while a live link puts them on a policy shared with them.
create or replace function public.can_read_shared_person(p_person_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.policy_members pm
     where pm.person_id = p_person_id
       and pm.deleted_at is null
       and public.shared_policy_role(pm.policy_id) is not null)
$$;

-- The owner's own type, seen by a recipient while a policy shared with them uses it.
create or replace function public.can_read_shared_policy_type(p_type_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.policies p
     where p.policy_type_id = p_type_id
       and public.shared_policy_role(p.id) is not null)
$$;

-- The type a policy the caller may edit can be given: a global one or one of the policy
-- owner's own. It answers only for such a policy, so it tells nobody whether an id is
-- another account's type.
create or replace function public.is_policy_type_for(p_type_id uuid, p_policy_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.can_edit_policy(p_policy_id) and exists (
    select 1 from public.policy_types t
      join public.policies p on p.id = p_policy_id
     where t.id = p_type_id and (t.user_id is null or t.user_id = p.user_id))
$$;

-- A file of the policy-documents bucket at `{owner}/{policy}/{document}` that a share lets
-- the caller read: the first folder must be the policy's owner, and the policy and the
-- document row must be live (a deleted one's file waits for the cleanup job, for the owner
-- only). A malformed name is nobody's.
create or replace function public.can_read_shared_policy_file(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.policies p
     where p.id = case
             when object_name ~ '^[0-9a-fA-F-]{36}/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/[^/]+$'
             then split_part(object_name, '/', 2)::uuid
           end
       and p.user_id::text = split_part(object_name, '/', 1)
       and public.shared_policy_role(p.id) is not null
       and exists (
         select 1 from public.policy_documents d
          where d.storage_path = object_name and d.deleted_at is null))
$$;

-- A policy's owner as the statement found it (its snapshot does not see the row being
-- written), for the restrictive policy below that keeps every policy with its owner. null
-- for a policy the caller may not read, so it is no way to learn who owns an id.
create or replace function public.policy_owner(p_policy_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.user_id from public.policies p
   where p.id = p_policy_id
     and (p.user_id = auth.uid() or public.shared_policy_role(p.id) is not null)
$$;

-- How the app names a person to another: the name they gave at sign-up, else their address.
create or replace function public.account_display_name(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
           nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''),
           nullif(btrim(u.raw_user_meta_data ->> 'name'), ''),
           u.email::text)
    from auth.users u
   where u.id = p_user_id
$$;

revoke all on function public.my_confirmed_email(), public.is_share_recipient(),
  public.shared_policy_role(uuid), public.shared_since(uuid),
  public.can_read_shared_row(uuid, timestamptz),
  public.can_read_policy(uuid), public.can_edit_policy(uuid),
  public.can_read_shared_person(uuid), public.can_read_shared_policy_type(uuid),
  public.is_policy_type_for(uuid, uuid), public.can_read_shared_policy_file(text),
  public.policy_owner(uuid), public.account_display_name(uuid)
  from public, anon;
grant execute on function public.my_confirmed_email(), public.is_share_recipient(),
  public.shared_policy_role(uuid), public.shared_since(uuid),
  public.can_read_shared_row(uuid, timestamptz),
  public.can_read_policy(uuid), public.can_edit_policy(uuid),
  public.can_read_shared_person(uuid), public.can_read_shared_policy_type(uuid),
  public.is_policy_type_for(uuid, uuid), public.can_read_shared_policy_file(text),
  public.policy_owner(uuid)
  to authenticated, service_role;
-- Names and addresses of other accounts leave the database only through the sharing RPCs.
-- Supabase's default privileges grant every new function in public to authenticated, so
-- revoking from public and anon is not enough.
revoke all on function public.account_display_name(uuid) from authenticated;
grant execute on function public.account_display_name(uuid) to service_role;

-- ---------------------------------------------------------------------------------------
-- Who changed a policy or payment last, so the owner's "Changed on another device" notice
-- can name an editor. null when the service role or a job wrote it.
-- ---------------------------------------------------------------------------------------
alter table public.policies add column if not exists updated_by uuid
  references auth.users (id) on delete set null;
alter table public.payments add column if not exists updated_by uuid
  references auth.users (id) on delete set null;

-- share_publish_rows (20261127090100_sharing_rpc.sql) re-stamps an owner's rows inside the
-- recipient's accept so their cursor reaches them; nothing about the rows changes, so for
-- that statement (a transaction-local flag) neither who nor when changed them moves, and
-- the owner's notice does not name the recipient for every row. Only server_seq moves.
create or replace function public.is_republishing()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('bimaguide.republishing', true), '') = 'on'
$$;

create or replace function public.tg_set_updated_by()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and public.is_republishing() then
    return new;
  end if;
  new.updated_by := auth.uid();
  return new;
end;
$$;

-- The foundation's updated_at trigger (20251121050000_foundation.sql), with the same
-- exception.
create or replace function public.tg_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_republishing() then
    return new;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

create or replace trigger policies_set_updated_by
  before insert or update on public.policies
  for each row execute function public.tg_set_updated_by();
create or replace trigger payments_set_updated_by
  before insert or update on public.payments
  for each row execute function public.tg_set_updated_by();

-- A payment belongs to its policy's owner, whoever records it (the owner or an editor).
-- Security definer: an editor cannot read the owner column through every path.
create or replace function public.tg_payments_owner_from_policy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select p.user_id into new.user_id from public.policies p where p.id = new.policy_id;
  return new;
end;
$$;

create or replace trigger payments_owner_from_policy
  before insert on public.payments
  for each row execute function public.tg_payments_owner_from_policy();

-- ---------------------------------------------------------------------------------------
-- What recipients may do with the owner's rows (added to the owners' and the admin's)
-- ---------------------------------------------------------------------------------------
create policy "Recipients can read the policies shared with them"
  on public.policies for select
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and public.shared_policy_role(id) is not null);

create policy "Editors can change the policies shared with them"
  on public.policies for update
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and deleted_at is null and public.shared_policy_role(id) = 'editor')
  with check (
    deleted_at is null
    and public.shared_policy_role(id) = 'editor'
    and (policy_type_id is null or public.is_policy_type_for(policy_type_id, id))
  );

-- Restrictive, so it binds every update: permissive WITH CHECKs are OR'd whichever USING let
-- the row through, and the owners' own ("user_id = auth.uid()") would otherwise let an editor
-- write their own id into a policy shared with them and so take it.
create policy "A policy stays with its owner"
  on public.policies as restrictive for update
  to authenticated
  using (true)
  with check (user_id = public.policy_owner(id));

create policy "Recipients can read the people on policies shared with them"
  on public.people for select
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and public.can_read_shared_person(id));

create policy "Recipients can read the members of policies shared with them"
  on public.policy_members for select
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and public.can_read_shared_row(policy_id, deleted_at));

create policy "Recipients can read the owner's types of policies shared with them"
  on public.policy_types for select
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and public.can_read_shared_policy_type(id));

create policy "Recipients can read the payments of policies shared with them"
  on public.payments for select
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and public.can_read_shared_row(policy_id, deleted_at));

create policy "Editors can record payments for live policies shared with them"
  on public.payments for insert
  to authenticated
  with check (
    public.shared_policy_role(policy_id) = 'editor'
    and exists (
      select 1 from public.policies p
      where p.id = policy_id and p.user_id = payments.user_id and p.deleted_at is null
    )
  );

create policy "Editors can change the payments of policies shared with them"
  on public.payments for update
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and deleted_at is null and public.shared_policy_role(policy_id) = 'editor')
  with check (deleted_at is null and public.shared_policy_role(policy_id) = 'editor');

create policy "Recipients can read the documents of policies shared with them"
  on public.policy_documents for select
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and public.can_read_shared_row(policy_id, deleted_at));

create policy "Editors can rename the documents of policies shared with them"
  on public.policy_documents for update
  to authenticated
  using ((select public.is_share_recipient()) and user_id <> (select auth.uid())
    and deleted_at is null and public.shared_policy_role(policy_id) = 'editor')
  with check (deleted_at is null and public.shared_policy_role(policy_id) = 'editor');

-- Files: read only, for viewers and editors alike (uploads come with a new document row,
-- which only the owner adds; deleting is the cleanup job's).
create policy "Recipients can read the files of policies shared with them"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'policy-documents'
    and (select public.is_share_recipient())
    and (storage.foldername(name))[1] <> (select auth.uid())::text
    and public.can_read_shared_policy_file(name)
  );

-- ---------------------------------------------------------------------------------------
-- A document's and a payment's id are frozen too, now that an editor may update them: a
-- document's file sits at `{owner}/{policy}/{id}`, so a new id would leave the owner's file
-- without a live row and the cleanup job would delete it; a payment given a new id would
-- reach the owner's devices as a second payment beside the first.
-- ---------------------------------------------------------------------------------------
create or replace function public.tg_policy_documents_fixed_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id <> old.id or new.user_id <> old.user_id or new.policy_id <> old.policy_id
    or new.mime_type <> old.mime_type or new.size <> old.size then
    raise exception 'Only the name of a document can be changed'
      using errcode = '22023';
  end if;
  return new;
end;
$$;

create or replace function public.tg_payments_fixed_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id <> old.id or new.user_id <> old.user_id or new.policy_id <> old.policy_id then
    raise exception 'A payment stays with its policy' using errcode = '22023';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Reminders for shared policies: a recipient who turned them on for a share is reminded of
-- its policies like of their own (supabase/functions/_shared/renewal-reminders.ts), so a
-- reminder is sent once per person, not once per policy: the owner's claim must not stop
-- the recipient's.
-- ---------------------------------------------------------------------------------------
alter table public.reminder_log drop constraint if exists reminder_log_policy_due_threshold_key;
alter table public.reminder_log drop constraint if exists reminder_log_user_policy_due_threshold_key;
alter table public.reminder_log add constraint reminder_log_user_policy_due_threshold_key
  unique (user_id, policy_id, due_date, threshold);
create index if not exists policy_shares_reminders_idx on public.policy_shares (recipient_id)
  where reminders_enabled;
