-- Mark Renewed keeps a policy's renewal day (issue 19): a monthly policy started on 31 Jan
-- renews 28 Feb, then 31 Mar, 30 Apr…, the dates its calendar file's RRULE repeats on. Plain
-- date + interval stepped from each clamped date slid to the 28th for good (28 Feb, 28 Mar…).
--
-- next_renewal_after is the server's copy of the app's rule, renewalAfterPeriods in
-- src/domain/policy/renewal.ts: the renewal day is the start date's day when the next renewal
-- is on it (or on the month's last day, where the month is too short for it) and in step with
-- the start by whole periods; otherwise the next renewal's own day. One period on, in the
-- month that day exists, else on the month's last day. tests/integration/sync/
-- renewal-dates.test.ts checks the two agree, month ends and every frequency included.
create or replace function public.next_renewal_after(p_start date, p_next date, p_frequency text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_months integer := case p_frequency
    when 'monthly' then 1
    when '6-monthly' then 6
    when 'yearly' then 12
    when '3-yearly' then 36
  end;
  v_month date := date_trunc('month', p_next)::date;
  v_last integer := extract(day from (v_month + interval '1 month' - interval '1 day'));
  v_start_day integer := extract(day from p_start);
  v_next_day integer := extract(day from p_next);
  v_in_step boolean := (
    (extract(year from p_next) - extract(year from p_start)) * 12
    + extract(month from p_next) - extract(month from p_start)
  )::integer % v_months = 0;
  v_day integer;
  v_target date;
begin
  if v_months is null then
    raise exception 'Unknown renewal frequency: %', coalesce(p_frequency, 'null')
      using errcode = '22023';
  end if;
  v_day := case when v_in_step and v_next_day = least(v_start_day, v_last)
    then v_start_day else v_next_day end;
  v_target := (v_month + make_interval(months => v_months))::date;
  return v_target + least(
    v_day,
    extract(day from (v_target + interval '1 month' - interval '1 day'))::integer
  ) - 1;
end;
$$;

revoke all on function public.next_renewal_after(date, date, text) from public;
grant execute on function public.next_renewal_after(date, date, text)
  to anon, authenticated, service_role;

-- sync_apply_change is replaced whole, as 20261124020000_restore_deleted_policies.sql asks;
-- only its renew branch changes (next_renewal_after instead of date + renewal_interval).
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
       set next_renewal_date = public.next_renewal_after(t.start_date, t.next_renewal_date,
         t.renewal_frequency)
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

revoke all on function public.sync_apply_change(jsonb) from public, anon;
grant execute on function public.sync_apply_change(jsonb) to authenticated, service_role;
