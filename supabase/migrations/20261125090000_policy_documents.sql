-- Policy documents (issue 17): photos and PDFs attached to a policy, kept in the private
-- Storage bucket `policy-documents` at `{user_id}/{policy_id}/{document_id}`, described by a
-- synced row in public.policy_documents; and the policy's new optional contact fields.
--
-- Order of a document's life, which the policies below enforce:
--   1. the row is created (sync_push or /rest/v1) on one of the user's live policies, at most
--      20 live rows per policy;
--   2. the file is uploaded to exactly its row's storage_path (only while row and policy live);
--   3. deleting the row, or its policy (by the owner or by the admin), tombstones the row;
--      the file is then removed through the Storage API by the cleanup job (local server:
--      server/storage/cleanup.ts; hosted: the Edge Function supabase/functions/document-cleanup,
--      scheduled), because hosted Storage refuses direct deletes from storage.objects.
-- A restored policy comes back without its documents: their files may be gone already.
--
-- Hosted Supabase owns the storage schema (RLS is already on for storage.objects); this
-- migration only adds the bucket row and policies, which the postgres role may do there.

-- ---------------------------------------------------------------------------------------
-- New optional policy fields. Phone numbers as people write Indian helplines and mobiles:
-- digits in groups separated by single spaces or hyphens, an optional leading +, 3 to 20
-- characters (1800-425-2255, +91 98765 43210, 022 2345 6789, 155255).
-- ---------------------------------------------------------------------------------------
alter table public.policies
  add column if not exists nominee_name text,
  add column if not exists claim_helpline text,
  add column if not exists tpa_name text,
  add column if not exists tpa_helpline text,
  add column if not exists agent_name text,
  add column if not exists agent_phone text;

alter table public.policies
  add constraint policies_nominee_name_length check (
    nominee_name is null or char_length(btrim(nominee_name)) between 1 and 100),
  add constraint policies_tpa_name_length check (
    tpa_name is null or char_length(btrim(tpa_name)) between 1 and 120),
  add constraint policies_agent_name_length check (
    agent_name is null or char_length(btrim(agent_name)) between 1 and 100),
  add constraint policies_claim_helpline_format check (
    claim_helpline is null
    or (char_length(claim_helpline) between 3 and 20 and claim_helpline ~ '^\+?[0-9]+([ -][0-9]+)*$')),
  add constraint policies_tpa_helpline_format check (
    tpa_helpline is null
    or (char_length(tpa_helpline) between 3 and 20 and tpa_helpline ~ '^\+?[0-9]+([ -][0-9]+)*$')),
  add constraint policies_agent_phone_format check (
    agent_phone is null
    or (char_length(agent_phone) between 3 and 20 and agent_phone ~ '^\+?[0-9]+([ -][0-9]+)*$'));

-- ---------------------------------------------------------------------------------------
-- policy_documents
-- ---------------------------------------------------------------------------------------
create table if not exists public.policy_documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  policy_id uuid not null references public.policies (id) on delete cascade,
  -- What the user calls it (the file's name at first, renamable).
  name text not null,
  mime_type text not null,
  -- Bytes of the stored file (after the device compressed a photo).
  size bigint not null,
  -- Where the file lives in the bucket; derived, so it can never point elsewhere.
  storage_path text generated always as (
    user_id::text || '/' || policy_id::text || '/' || id::text
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  server_seq bigint not null default 0,
  constraint policy_documents_name_length check (char_length(btrim(name)) between 1 and 200),
  -- The bucket's allowed_mime_types below: keep both lists equal.
  constraint policy_documents_mime_type_allowed check (mime_type in (
    'image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf')),
  -- The bucket's file_size_limit (10 MB).
  constraint policy_documents_size_range check (size between 1 and 10485760),
  constraint policy_documents_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and (deleted_at is null
      or deleted_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'))
);

create index if not exists policy_documents_user_seq_idx on public.policy_documents (user_id, server_seq);
create index if not exists policy_documents_policy_idx on public.policy_documents (policy_id);
create unique index if not exists policy_documents_storage_path_key on public.policy_documents (storage_path);

-- At most 20 live documents per policy, counted in the database so no client (or two devices
-- at once) can pass it. Race-free because it runs after policy_documents_set_server_seq
-- (BEFORE triggers fire in name order): that trigger holds the sync sequence's transaction
-- lock, so no other transaction adds a document until this one commits.
create or replace function public.tg_policy_documents_within_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.deleted_at is null
    and (tg_op = 'INSERT' or old.deleted_at is not null or old.policy_id <> new.policy_id)
    and (select count(*) from public.policy_documents d
          where d.policy_id = new.policy_id and d.deleted_at is null and d.id <> new.id) >= 20
  then
    raise exception 'A policy can have at most 20 documents'
      using errcode = '23514', constraint = 'policy_documents_per_policy_limit';
  end if;
  return new;
end;
$$;

-- The file sits at a path made of the owner, policy and id, and was checked against its
-- type and size when uploaded: none of them may change afterwards (rename is the only edit).
create or replace function public.tg_policy_documents_fixed_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id <> old.user_id or new.policy_id <> old.policy_id
    or new.mime_type <> old.mime_type or new.size <> old.size then
    raise exception 'Only the name of a document can be changed'
      using errcode = '22023';
  end if;
  return new;
end;
$$;

-- A plain DELETE through /rest/v1 tombstones, as for the other synced tables (see
-- tg_soft_delete in 20251121050200_tracker.sql); cascades (account deletion) really delete.
create or replace function public.tg_policy_documents_soft_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 then
    return old;
  end if;
  update public.policy_documents set deleted_at = now() where id = old.id and deleted_at is null;
  return null;
end;
$$;

create or replace trigger policy_documents_set_updated_at
  before update on public.policy_documents
  for each row execute function public.tg_set_updated_at();
create or replace trigger policy_documents_set_server_seq
  before insert or update on public.policy_documents
  for each row execute function public.tg_set_server_seq();
create or replace trigger policy_documents_within_limit
  before insert or update on public.policy_documents
  for each row execute function public.tg_policy_documents_within_limit();
create or replace trigger policy_documents_fixed_fields
  before update on public.policy_documents
  for each row execute function public.tg_policy_documents_fixed_fields();
create or replace trigger policy_documents_soft_delete
  before delete on public.policy_documents
  for each row execute function public.tg_policy_documents_soft_delete();
create trigger sync_poke_after_insert after insert on public.policy_documents
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_update after update on public.policy_documents
  referencing new table as changed for each statement execute function public.tg_sync_poke();

alter table public.policy_documents enable row level security;

revoke all on table public.policy_documents from anon, authenticated;
grant select, insert, update, delete on table public.policy_documents to authenticated;
grant all on table public.policy_documents to service_role;

create policy "Users can read their own policy documents"
  on public.policy_documents for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can attach documents to their own live policies"
  on public.policy_documents for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.policies p
      where p.id = policy_id and p.user_id = (select auth.uid()) and p.deleted_at is null
    )
  );

create policy "Users can rename their own policy documents"
  on public.policy_documents for update
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null)
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own policy documents"
  on public.policy_documents for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- A deleted policy takes its documents with it (whoever deleted it: the owner, or the admin
-- through tg_soft_delete). Runs as owner because the admin may not update the documents.
create or replace function public.tg_cascade_document_tombstones()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.policy_documents
     set deleted_at = new.deleted_at
   where policy_id = new.id and deleted_at is null;
  return null;
end;
$$;

create or replace trigger policies_cascade_document_tombstones
  after update of deleted_at on public.policies
  for each row
  when (old.deleted_at is null and new.deleted_at is not null)
  execute function public.tg_cascade_document_tombstones();

-- ---------------------------------------------------------------------------------------
-- The bucket and who may touch its objects
-- ---------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'policy-documents', 'policy-documents', false, 10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The two questions the policies on storage.objects ask about an object's name, as the caller
-- (security invoker: RLS on policies and policy_documents applies too). A malformed name is
-- simply not theirs; it never makes a policy fail.
--   is_own_policy_file:        `{user}/{policy}/{document}` with one of the caller's policies;
--   is_own_live_document_file: exactly the storage_path of one of the caller's live document
--                              rows on a live policy (so the row, and with it the
--                              20-per-policy limit, comes first, and nothing is parked elsewhere).
create or replace function public.is_own_policy_file(object_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.policies p
     where p.id = case
             when object_name ~ '^[^/]+/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/[^/]+$'
             then split_part(object_name, '/', 2)::uuid
           end
       and p.user_id = (select auth.uid()))
$$;

create or replace function public.is_own_live_document_file(object_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.policy_documents d
      join public.policies p on p.id = d.policy_id
     where d.storage_path = object_name
       and d.user_id = (select auth.uid()) and d.deleted_at is null
       and p.user_id = (select auth.uid()) and p.deleted_at is null)
$$;

grant execute on function public.is_own_policy_file(text), public.is_own_live_document_file(text)
  to authenticated, service_role;

create policy "Users can read the files of their own policies"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'policy-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and public.is_own_policy_file(name)
  );

create policy "Users can upload the files of their own documents"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'policy-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and public.is_own_live_document_file(name)
  );

create policy "Users can replace the files of their own documents"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'policy-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id = 'policy-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and public.is_own_live_document_file(name)
  );

create policy "Users can delete the files of their own policies"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'policy-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and public.is_own_policy_file(name)
  );

-- What the cleanup job removes through the Storage API: files in the bucket without a live
-- document row (tombstoned rows, rows of deleted policies, rows gone with their account).
-- Only the service role may ask.
create or replace function public.policy_document_files_to_remove(max integer default 1000)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select o.name
    from storage.objects o
   where o.bucket_id = 'policy-documents'
     and not exists (
       select 1 from public.policy_documents d
        where d.storage_path = o.name and d.deleted_at is null)
   order by o.created_at, o.name
   limit least(greatest(coalesce(max, 1000), 1), 1000)
$$;
revoke all on function public.policy_document_files_to_remove(integer) from public, anon, authenticated;
grant execute on function public.policy_document_files_to_remove(integer) to service_role;
