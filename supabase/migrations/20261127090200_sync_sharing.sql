-- Shared policies ride sync_push / sync_pull (issue 18). The operation format is the one
-- documented in 20251121050500_sync_rpc.sql; what changes:
--
-- sync_push  An op on a row of another owner is checked against the caller's share before the
--            usual rules run (private.sync_share_guard below), and refused for good (status
--            'rejected', so the app shows it instead of dropping it) with:
--              SH101  the caller is a viewer: no change at all;
--              SH102  the caller is an editor but only the owner may do this: delete, restore,
--                     adding documents, member links, people or types;
--              SH103  the caller's share of it has ended (revoked, or narrowed to other
--                     policies). For a row no share of the caller's ever covered, the
--                     answer is the one from before sharing existed: nothing tells them
--                     the row exists or whose it is.
--            An editor's upsert of the policy, Mark Renewed, a payment's create or edit and a
--            document's rename pass and are applied by RLS (20261127090000_sharing.sql) as the
--            owner's own would be; a payment an editor records belongs to the policy's owner.
-- sync_pull  Returns, besides the caller's own rows, the rows of every policy shared with them
--            (the policy, its member links and the people they name, its payments and
--            documents' rows) by the same cursor, with the tombstones of rows deleted since
--            the share began (not the policy's own: a deleted policy drops off the list
--            below, and what the owner deleted before sharing is never shown). A new share re-stamps
--            the owner's rows under it (share_publish_rows), so a cursor past them still gets
--            them. Three complete lists come with every page:
--              shares                the caller's shares, with the owner's name and address,
--                                    the role, the scope (policy_id null = all) and reminders;
--              shared_policies       [{policy_id, owner_id, role}] every live policy the caller
--                                    may read through a share. A device deletes any policy of
--                                    another owner it holds that is not listed (revoked,
--                                    deleted, or the share's scope narrowed), with its member
--                                    links, people, payments, documents and their files;
--              shared_policy_types   the owners' own types those policies use.
-- Pokes      A change to an owner's rows also pokes the devices of everyone they share with.

-- The live policies shared with the caller and their role, read past RLS once per pull. A
-- deleted one is not among them: the device removes its copy when the list stops naming it,
-- and its tombstone (every field kept) is the owner's alone.
create or replace function public.my_shared_policies()
returns table (policy_id uuid, owner_id uuid, role text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.user_id,
         case when bool_or(s.role = 'editor') then 'editor' else 'viewer' end
    from public.policy_shares s
    join public.policies p
      on p.user_id = s.owner_id
     and (s.policy_id is null or s.policy_id = p.id)
   where s.recipient_id = auth.uid()
     and p.deleted_at is null
   group by p.id, p.user_id
$$;

create or replace function public.sync_shared_with_me()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Most accounts have no share: three empty lists without looking further.
  if not public.is_share_recipient() then
    return jsonb_build_object(
      'shares', '[]'::jsonb, 'shared_policies', '[]'::jsonb, 'shared_policy_types', '[]'::jsonb);
  end if;
  return jsonb_build_object(
    'shares', (
      select coalesce(jsonb_agg(public.policy_share_json(s) order by s.created_at), '[]'::jsonb)
        from public.policy_shares s
       where s.recipient_id = auth.uid()),
    'shared_policies', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'policy_id', m.policy_id, 'owner_id', m.owner_id, 'role', m.role)
               order by m.policy_id), '[]'::jsonb)
        from public.my_shared_policies() m),
    'shared_policy_types', (
      select coalesce(jsonb_agg(to_jsonb(t) order by t.name), '[]'::jsonb)
        from public.policy_types t
       where t.user_id is not null and t.user_id <> auth.uid() and t.deleted_at is null
         and t.id in (
           select p.policy_type_id from public.policies p
             join public.my_shared_policies() m on m.policy_id = p.id)));
end
$$;

-- The row an op names, read as sync_apply_change reads it (the row's or patch's id, else the
-- op's), so the share guard and a restore act on the same row.
create or replace function public.sync_op_id(op jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(coalesce(coalesce(op -> 'row', op -> 'patch') ->> 'id', op ->> 'id'), '')
$$;

-- Functions the API must not offer: PostgREST exposes only public (supabase/config.toml
-- [api] schemas), so a function here is callable from SQL the caller already runs (an
-- invoker function, RLS) but not over REST.
create schema if not exists private;
revoke all on schema private from public, anon;
grant usage on schema private to authenticated, service_role;

-- Refuses an op on another owner's row unless the caller's share allows it (see header).
-- Security definer: it must see the row's owner whatever RLS shows the caller. It answers
-- only for rows a share of the caller covers or covered (the policies the row belongs to,
-- a person's through their live member links, a type's through the policies using it);
-- about any other row it says nothing, so it is no way to learn which ids exist.
create or replace function private.sync_share_guard(op jsonb)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_table text := op ->> 'table';
  v_kind text := op ->> 'kind';
  v_row jsonb := coalesce(op -> 'row', op -> 'patch', '{}'::jsonb);
  v_id uuid;
  v_owner uuid;
  v_policy uuid;
  v_policies uuid[] := '{}';
  v_exists boolean := false;
  v_role text;
  v_name text;
begin
  if v_uid is null or jsonb_typeof(v_row) is distinct from 'object' then
    return;
  end if;
  begin
    v_id := public.sync_op_id(op)::uuid;
    if v_table = 'policies' then
      select p.user_id, p.id into v_owner, v_policy from public.policies p where p.id = v_id;
      v_exists := found;
    elsif v_table in ('payments', 'policy_documents') then
      execute format('select t.user_id, t.policy_id from public.%I t where t.id = $1', v_table)
        into v_owner, v_policy using v_id;
      v_exists := v_owner is not null;
      if not v_exists then
        v_policy := (v_row ->> 'policy_id')::uuid;
        select p.user_id into v_owner from public.policies p where p.id = v_policy;
      end if;
    elsif v_table = 'policy_members' then
      v_policy := (v_row ->> 'policy_id')::uuid;
      select p.user_id into v_owner from public.policies p where p.id = v_policy;
    elsif v_table = 'people' then
      select t.user_id into v_owner from public.people t where t.id = v_id;
      v_policies := array(
        select pm.policy_id from public.policy_members pm
         where pm.person_id = v_id and pm.deleted_at is null);
    elsif v_table = 'policy_types' then
      select t.user_id into v_owner from public.policy_types t where t.id = v_id;
      v_policies := array(
        select p.id from public.policies p
         where p.policy_type_id = v_id and p.user_id = v_owner);
    end if;
  exception
    when invalid_text_representation then
      -- A malformed id: sync_apply_change refuses it with its own message.
      return;
  end;
  if v_owner is null or v_owner = v_uid then
    return;
  end if;
  if v_policy is not null then
    v_policies := array[v_policy];
  end if;

  select case when bool_or(r.role = 'editor') then 'editor' when bool_or(r.role = 'viewer') then 'viewer' end
    into v_role
    from (select public.shared_policy_role(x) as role from unnest(v_policies) x) r;
  if v_role is null then
    -- A former recipient of this row learns why their queued change failed; anyone else is
    -- answered as before sharing existed (the row is invisible to them).
    if exists (
      select 1 from public.share_invitations i
       where i.owner_id = v_owner and i.recipient_id = v_uid and i.status = 'accepted'
         and (i.policy_id is null or i.policy_id = any (v_policies))
    ) then
      raise exception 'This policy is not shared with you any more; your change was not saved'
        using errcode = 'SH103';
    end if;
    return;
  end if;
  v_name := public.account_display_name(v_owner);
  if v_role = 'viewer' then
    raise exception '% shared this with you to view only; your change was not saved', v_name
      using errcode = 'SH101';
  end if;
  if (v_kind = 'upsert' and (v_table = 'payments' or (v_exists and v_table in ('policies', 'policy_documents'))))
    or (v_kind = 'renew' and v_table = 'policies') then
    return;
  end if;
  raise exception '%', case
      when v_kind = 'delete' then format('Only %s can delete this; it is their policy', v_name)
      when v_kind = 'restore' then format('Only %s can restore this policy', v_name)
      when v_table in ('people', 'policy_members') then
        format('Only %s can change who this policy covers', v_name)
      when v_table = 'policy_documents' then format('Only %s can add documents to this policy', v_name)
      when v_table = 'policy_types' then format('Only %s can change their policy types', v_name)
      else format('Only %s can do this', v_name)
    end
    using errcode = 'SH102';
end
$$;

-- The entry point sync_push calls for every op (20261124020000_restore_deleted_policies.sql),
-- now asking the share guard first.
create or replace function public.sync_apply_op(op jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.sync_share_guard(op);
  if op ->> 'kind' = 'restore' then
    if op ->> 'table' is distinct from 'policies' then
      raise exception 'Only policies can be restored' using errcode = '22023';
    end if;
    return public.sync_restore_policy(public.sync_op_id(op)::uuid);
  end if;
  return public.sync_apply_change(op);
end
$$;

create or replace function public.sync_pull(since bigint default 0, max integer default 1000)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_since bigint := coalesce(sync_pull.since, 0);
  v_max integer := least(greatest(coalesce(sync_pull.max, 1000), 1), 5000);
  v_shared uuid[];
  -- Most accounts have no share: then the shared branches below are skipped outright.
  v_has_shared boolean;
  v_changes jsonb;
  v_cursor bigint;
  v_count integer;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;
  v_shared := array(select m.policy_id from public.my_shared_policies() m);
  v_has_shared := cardinality(v_shared) > 0;

  with candidates as (
    (select 'policy_types' as tbl, t.server_seq as seq, to_jsonb(t) as row_data
       from public.policy_types t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'policies', t.server_seq, to_jsonb(t)
       from public.policies t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'people', t.server_seq, to_jsonb(t)
       from public.people t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'policy_members', t.server_seq, to_jsonb(t)
       from public.policy_members t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'policy_documents', t.server_seq, to_jsonb(t)
       from public.policy_documents t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'payments', t.server_seq, to_jsonb(t)
       from public.payments t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    -- Rows of policies shared with the caller (never the caller's own: no share with oneself).
    union all
    (select 'policies', t.server_seq, to_jsonb(t)
       from public.policies t
      where v_has_shared and t.id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'people', t.server_seq, to_jsonb(t)
       from public.people t
      where v_has_shared and t.user_id <> v_uid and t.server_seq > v_since
        and t.id in (
          select pm.person_id from public.policy_members pm
           where pm.policy_id = any (v_shared) and pm.deleted_at is null)
      order by t.server_seq limit v_max)
    union all
    (select 'policy_members', t.server_seq, to_jsonb(t)
       from public.policy_members t
      where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'policy_documents', t.server_seq, to_jsonb(t)
       from public.policy_documents t
      where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'payments', t.server_seq, to_jsonb(t)
       from public.payments t
      where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
  ),
  page as (
    select c.tbl, c.seq, c.row_data from candidates c order by c.seq limit v_max
  )
  select
    coalesce(
      jsonb_agg(
        jsonb_build_object('table', p.tbl, 'server_seq', p.seq, 'row', p.row_data)
        order by p.seq),
      '[]'::jsonb),
    pg_catalog.max(p.seq),
    count(*)
  into v_changes, v_cursor, v_count
  from page p;

  return jsonb_build_object(
    'changes', v_changes,
    'cursor', coalesce(v_cursor, v_since),
    'has_more', v_count >= v_max,
    'global_policy_types', (
      select coalesce(jsonb_agg(to_jsonb(t) order by t.name), '[]'::jsonb)
        from public.policy_types t
       where t.user_id is null and t.deleted_at is null
    )) || public.sync_shared_with_me();
end;
$$;

-- One poke per user per transaction, as before, now also for the people the changed rows'
-- owners share with (a poke carries nothing; their pull and its RLS decide what they see).
create or replace function public.tg_sync_poke()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_poked text := coalesce(current_setting('bimaguide.sync_poked', true), '');
begin
  for v_user in
    select distinct c.user_id from changed c where c.user_id is not null
    union
    select s.recipient_id from public.policy_shares s
     where s.owner_id in (select c.user_id from changed c)
  loop
    if strpos(v_poked, v_user::text) = 0 then
      perform realtime.send('{}'::jsonb, 'changed', 'sync:' || v_user::text, true);
      v_poked := v_poked || v_user::text || ',';
    end if;
  end loop;
  perform set_config('bimaguide.sync_poked', v_poked, true);
  return null;
end
$$;
revoke all on function public.tg_sync_poke() from public, anon, authenticated;

-- Called by the invoker functions sync_apply_op and sync_pull, so the API role needs them;
-- each answers only for auth.uid(). The guard is not in the API's schema.
revoke all on function public.my_shared_policies(), public.sync_shared_with_me(),
  private.sync_share_guard(jsonb) from public, anon;
grant execute on function public.my_shared_policies(), public.sync_shared_with_me(),
  private.sync_share_guard(jsonb) to authenticated, service_role;
revoke all on function public.sync_apply_op(jsonb) from public, anon;
grant execute on function public.sync_apply_op(jsonb) to authenticated, service_role;
revoke all on function public.sync_pull(bigint, integer) from public, anon;
grant execute on function public.sync_pull(bigint, integer) to authenticated, service_role;
