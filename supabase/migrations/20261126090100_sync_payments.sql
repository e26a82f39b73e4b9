-- Payments ride sync_push / sync_pull (issue 19), so a payment recorded offline (by Mark
-- Renewed or by hand) syncs like any other change and every device learns of it, of its
-- edits and of its deletion from its pull. The operation format is the one documented in
-- 20251121050500_sync_rpc.sql, with one more table:
--
--   payments  upsert {id, policy_id, amount, paid_on[, mode, reference, created_at]} creates
--             the row (RLS: on one of the caller's live policies); upsert of an existing row
--             writes amount, paid_on, mode and reference (its policy stays); delete
--             tombstones. A payment created for a policy deleted meanwhile is answered
--             'ignored_deleted'. No renew or restore of its own: a restored policy brings back
--             the payments deleted with it (sync_restore_policy below).
--
-- Undoing a Mark Renewed is no new kind either: the app queues an upsert of the policy's
-- next_renewal_date back to the date it renewed from, after the renew, and a delete of the
-- payment; applied in order they leave the server as before the renewal, whether or not the
-- renewal had reached it.
--
-- A payment's creation takes a SHARE lock on its policy first, as adding a member does (see
-- 20261123100000_sync_apply_op_races.sql): a deletion of the policy then either commits first
-- (the payment is answered 'ignored_deleted') or waits, and its cascade tombstones the payment.
--
-- sync_apply_change is replaced whole, as 20261124020000_restore_deleted_policies.sql asks;
-- everything not named above is unchanged. sync_pull returns payments rows too.

create or replace function public.sync_apply_change(op jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_table text := op ->> 'table';
  v_kind text := op ->> 'kind';
  v_row jsonb := coalesce(op -> 'row', op -> 'patch', '{}'::jsonb);
  v_allowed text[];
  v_cols text[];
  v_id uuid;
  v_policy_id uuid;
  v_person_id uuid;
  v_from date;
  v_existing jsonb;
  v_new jsonb;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;
  if v_table is null or v_table not in ('policies', 'people', 'policy_types', 'policy_members',
    'policy_documents', 'payments') then
    raise exception 'Unknown table: %', coalesce(v_table, 'null') using errcode = '22023';
  end if;
  if v_kind is null or v_kind not in ('upsert', 'delete', 'renew') then
    raise exception 'Unknown operation kind: %', coalesce(v_kind, 'null') using errcode = '22023';
  end if;
  if jsonb_typeof(v_row) <> 'object' then
    raise exception 'row must be a JSON object' using errcode = '22023';
  end if;

  -- policy_members: keyed by (policy_id, person_id), no other writable fields.
  if v_table = 'policy_members' then
    v_policy_id := (v_row ->> 'policy_id')::uuid;
    v_person_id := (v_row ->> 'person_id')::uuid;
    if v_policy_id is null or v_person_id is null then
      raise exception 'policy_id and person_id are required' using errcode = '22023';
    end if;

    if v_kind = 'upsert' then
      -- Waits for a deletion of either in progress; holds off any that starts (see header).
      perform 1 from public.policies p where p.id = v_policy_id for share;
      perform 1 from public.people m where m.id = v_person_id for share;
      if exists (select 1 from public.policies p where p.id = v_policy_id and p.deleted_at is not null)
        or exists (select 1 from public.people m where m.id = v_person_id and m.deleted_at is not null)
      then
        select to_jsonb(pm) into v_existing
          from public.policy_members pm
         where pm.policy_id = v_policy_id and pm.person_id = v_person_id;
        return jsonb_build_object('code', 'ignored_deleted',
          'message', 'The policy or the person was deleted', 'row', v_existing);
      end if;
      insert into public.policy_members (policy_id, person_id, user_id)
      values (v_policy_id, v_person_id, v_uid)
      on conflict (policy_id, person_id) do nothing;
      select to_jsonb(pm) into v_new
        from public.policy_members pm
       where pm.policy_id = v_policy_id and pm.person_id = v_person_id;
      return jsonb_build_object('code', null, 'message', null, 'row', v_new);
    elsif v_kind = 'delete' then
      update public.policy_members pm
         set deleted_at = now()
       where pm.policy_id = v_policy_id and pm.person_id = v_person_id and pm.deleted_at is null
      returning to_jsonb(pm) into v_new;
      if v_new is not null then
        return jsonb_build_object('code', null, 'message', null, 'row', v_new);
      end if;
      select to_jsonb(pm) into v_existing
        from public.policy_members pm
       where pm.policy_id = v_policy_id and pm.person_id = v_person_id;
      return jsonb_build_object(
        'code', case when v_existing is null then 'not_found' else 'already_deleted' end,
        'message', null, 'row', v_existing);
    else
      raise exception 'Only policies can be renewed' using errcode = '22023';
    end if;
  end if;

  v_id := coalesce(v_row ->> 'id', op ->> 'id')::uuid;
  if v_id is null then
    raise exception 'id is required' using errcode = '22023';
  end if;

  execute format('select to_jsonb(t) from public.%I t where t.id = $1', v_table)
    into v_existing using v_id;

  if v_kind = 'delete' then
    if v_existing is null then
      return jsonb_build_object('code', 'not_found', 'message', null, 'row', null);
    end if;
    if v_existing ->> 'deleted_at' is not null then
      return jsonb_build_object('code', 'already_deleted', 'message', null, 'row', v_existing);
    end if;
    execute format(
      'update public.%I t set deleted_at = now() where t.id = $1 and t.deleted_at is null returning to_jsonb(t)',
      v_table) into v_new using v_id;
    if v_new is null then
      execute format('select to_jsonb(t) from public.%I t where t.id = $1', v_table)
        into v_existing using v_id;
      if v_existing is null then
        return jsonb_build_object('code', 'not_found', 'message', null, 'row', null);
      end if;
      if v_existing ->> 'deleted_at' is not null then
        return jsonb_build_object('code', 'already_deleted', 'message', null, 'row', v_existing);
      end if;
      -- Visible but not the caller's (a global type, or the admin looking at a user's row).
      raise exception 'You cannot delete this row' using errcode = '42501';
    end if;
    return jsonb_build_object('code', null, 'message', null, 'row', v_new);
  end if;

  if v_kind = 'renew' then
    if v_table <> 'policies' then
      raise exception 'Only policies can be renewed' using errcode = '22023';
    end if;
    v_from := (op ->> 'renewed_from')::date;
    if v_from is null then
      raise exception 'renewed_from is required' using errcode = '22023';
    end if;
    update public.policies t
       set next_renewal_date = (t.next_renewal_date + public.renewal_interval(t.renewal_frequency))::date
     where t.id = v_id
       and t.deleted_at is null
       and t.next_renewal_date = v_from
    returning to_jsonb(t) into v_new;
    if v_new is not null then
      return jsonb_build_object('code', null, 'message', null, 'row', v_new);
    end if;
    select to_jsonb(t) into v_existing from public.policies t where t.id = v_id;
    if v_existing is null then
      raise exception 'Policy not found' using errcode = 'P0002';
    end if;
    if v_existing ->> 'deleted_at' is not null then
      return jsonb_build_object('code', 'ignored_deleted',
        'message', 'The policy was deleted', 'row', v_existing);
    end if;
    if (v_existing ->> 'next_renewal_date')::date = v_from then
      raise exception 'You cannot renew this policy' using errcode = '42501';
    end if;
    return jsonb_build_object('code', 'already_renewed',
      'message', 'The renewal date had already moved on', 'row', v_existing);
  end if;

  -- upsert
  v_allowed := case v_table
    when 'policies' then array[
      'policy_type_id', 'insurer_name', 'policy_number', 'product_name', 'start_date',
      'renewal_frequency', 'next_renewal_date', 'sum_insured', 'premium_amount',
      'additional_details', 'nominee_name', 'claim_helpline', 'tpa_name', 'tpa_helpline',
      'agent_name', 'agent_phone', 'created_at']
    when 'people' then array['name', 'relationship', 'created_at']
    when 'policy_types' then array['name', 'icon', 'created_at']
    -- A document's policy, type and size are fixed once created; only its name changes.
    when 'policy_documents' then case when v_existing is null
      then array['policy_id', 'name', 'mime_type', 'size', 'created_at']
      else array['name'] end
    -- A payment's policy is fixed once recorded.
    when 'payments' then case when v_existing is null
      then array['policy_id', 'amount', 'paid_on', 'mode', 'reference', 'created_at']
      else array['amount', 'paid_on', 'mode', 'reference'] end
  end;
  v_cols := array(
    select k from jsonb_object_keys(v_row) as k where k = any (v_allowed) order by k
  );

  if v_existing is null then
    if v_table = 'payments' then
      -- Waits for a deletion of the policy in progress; holds off any that starts (see header).
      perform 1 from public.policies p where p.id = (v_row ->> 'policy_id')::uuid for share;
    end if;
    -- A document or payment added offline to a policy deleted elsewhere is dropped like a
    -- member link.
    if v_table in ('policy_documents', 'payments') and exists (
      select 1 from public.policies p
       where p.id = (v_row ->> 'policy_id')::uuid and p.deleted_at is not null
    ) then
      return jsonb_build_object('code', 'ignored_deleted',
        'message', 'The policy was deleted', 'row', null);
    end if;
    execute format(
      'insert into public.%I as t (id, user_id%s) select $1, $2%s '
      'from jsonb_populate_record(null::public.%I, $3) r returning to_jsonb(t)',
      v_table,
      (select coalesce(string_agg(format(', %I', c), ''), '') from unnest(v_cols) c),
      (select coalesce(string_agg(format(', r.%I', c), ''), '') from unnest(v_cols) c),
      v_table)
      into v_new using v_id, v_uid, v_row;
    return jsonb_build_object('code', null, 'message', null, 'row', v_new);
  end if;

  if v_existing ->> 'deleted_at' is not null then
    return jsonb_build_object('code', 'ignored_deleted',
      'message', 'The row was deleted', 'row', v_existing);
  end if;

  if cardinality(v_cols) = 0 then
    return jsonb_build_object('code', 'noop', 'message', null, 'row', v_existing);
  end if;

  execute format(
    'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $1) r '
    'where t.id = $2 and t.deleted_at is null returning to_jsonb(t)',
    v_table,
    (select string_agg(format('%I = r.%I', c, c), ', ') from unnest(v_cols) c),
    v_table)
    into v_new using v_row, v_id;

  if v_new is null then
    execute format('select to_jsonb(t) from public.%I t where t.id = $1', v_table)
      into v_existing using v_id;
    if v_existing ->> 'deleted_at' is not null then
      return jsonb_build_object('code', 'ignored_deleted',
        'message', 'The row was deleted', 'row', v_existing);
    end if;
    raise exception 'You cannot change this row' using errcode = '42501';
  end if;
  return jsonb_build_object('code', null, 'message', null, 'row', v_new);
end;
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
  v_changes jsonb;
  v_cursor bigint;
  v_count integer;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;

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
    ));
end;
$$;

revoke all on function public.sync_apply_change(jsonb) from public, anon;
grant execute on function public.sync_apply_change(jsonb) to authenticated, service_role;
revoke all on function public.sync_pull(bigint, integer) from public, anon;
grant execute on function public.sync_pull(bigint, integer) to authenticated, service_role;

-- Restoring a policy brings back its payments deleted with it (same deleted_at), as it does its
-- member links; documents stay deleted (their files may be gone). Security definer: RLS hides
-- tombstones from updates (a late edit cannot revive one), so the one sanctioned way back
-- checks ownership itself.
create or replace function public.sync_restore_policy(p_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_row public.policies;
  v_deleted_at timestamptz;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;
  if p_id is null then
    raise exception 'id is required' using errcode = '22023';
  end if;
  select * into v_row from public.policies p where p.id = p_id and p.user_id = v_uid for update;
  if not found then
    return jsonb_build_object('code', 'not_found', 'message', 'No such policy', 'row', null);
  end if;
  if v_row.deleted_at is null then
    return jsonb_build_object('code', 'noop', 'message', null, 'row', to_jsonb(v_row));
  end if;
  if v_row.deleted_at < now() - interval '30 days' then
    raise exception 'This policy was deleted more than 30 days ago and can no longer be restored'
      using errcode = '22023';
  end if;
  v_deleted_at := v_row.deleted_at;
  update public.policies p set deleted_at = null where p.id = p_id returning * into v_row;
  update public.policy_members pm
     set deleted_at = null
   where pm.policy_id = p_id
     and pm.deleted_at = v_deleted_at
     and exists (select 1 from public.people m where m.id = pm.person_id and m.deleted_at is null);
  update public.payments pay
     set deleted_at = null
   where pay.policy_id = p_id
     and pay.deleted_at = v_deleted_at;
  return jsonb_build_object('code', null, 'message', null, 'row', to_jsonb(v_row));
end
$$;
