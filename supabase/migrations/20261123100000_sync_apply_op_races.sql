-- sync_apply_op decided from a row it read before its write waited on another device's
-- transaction (issue 15, defect 4; PostgreSQL only, PGlite runs one query at a time). Under
-- READ COMMITTED an UPDATE that waits on a row lock re-checks its WHERE against the row the
-- other transaction committed, but the row read beforehand stays stale:
--   * two devices renewing the same due date: the second's update matched nothing, and the
--     stale row still showed the old date, so it was refused "You cannot renew this policy"
--     instead of answered 'already_renewed';
--   * two devices deleting the same row: the second was refused "You cannot delete this row"
--     instead of answered 'already_deleted' (a renew racing a delete likewise);
--   * a delete racing an add-member: the link's insert does not wait on the policy (a foreign
--     key check takes only a KEY SHARE lock), so it was inserted after the deletion's cascade
--     had tombstoned the links it could see, leaving a live link on a deleted policy.
--
-- Fixes, each leaving every non-racing answer and message as before:
--   * delete and renew re-read the row after an update that matched nothing; that statement
--     runs after the wait, so it sees the other device's committed change and the decision is
--     made on the current row;
--   * adding a link first takes a SHARE lock on its policy and its person. Tombstoning either
--     needs a row lock that conflicts with it, so a deletion either commits first (and the add
--     then sees it and answers 'ignored_deleted') or waits until the link is committed (and
--     its cascade then tombstones the link). Policy before person, always, so two adds never
--     lock in opposite orders. A deadlock with a batch that already holds the server_seq lock
--     is still possible, as for any two batches touching the same rows; sync_push re-raises
--     40P01 so the client retries the batch.
--
-- The operation format and rules are documented with the first definition in
-- 20251121050500_sync_rpc.sql.
create or replace function public.sync_apply_op(op jsonb)
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
  if v_table is null or v_table not in ('policies', 'people', 'policy_types', 'policy_members') then
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
      'additional_details', 'created_at']
    when 'people' then array['name', 'relationship', 'created_at']
    when 'policy_types' then array['name', 'icon', 'created_at']
  end;
  v_cols := array(
    select k from jsonb_object_keys(v_row) as k where k = any (v_allowed) order by k
  );

  if v_existing is null then
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
