-- sync_push applies a batch's new rows set-based (issue 22: 10,000 queued ops flushed in ≤ 10 s).
-- Op by op, each new policy cost about a dozen statements (the op id's claim and result, the
-- share guard, a dynamic select and insert planned afresh, the statement triggers), 2–5 ms on
-- PostgreSQL, more on PGlite; one INSERT … SELECT of the same rows costs about 0.1 ms a row.
--
-- What changes, and only in how the work is done:
--   * two or more consecutive upserts of rows the caller cannot see yet, in one of the tables
--     whose new rows have no rule beyond RLS and constraints (policies, people, policy_types),
--     with the same columns, are one run: their op ids are claimed, their rows inserted in op
--     order (server_seq follows it) and their results stored, each in one statement, inside
--     one subtransaction. The share guard has nothing to say about them (it answers only for
--     rows that exist), and each result is the one the op alone would get: applied, no code,
--     the inserted row;
--   * if anything about a run fails (a row that exists, an op id already used, a constraint,
--     RLS, a bad value), the run is rolled back and its ops go one by one exactly as before,
--     so rejections, duplicates and conflicts are answered as they always were. Transient
--     failures abort the call, as before;
--   * every other op (edits, deletes, renewals, restores, links, payments, documents) takes
--     the per-op path unchanged.
-- The writable columns move into private.sync_writable_columns, so sync_apply_change and the
-- set-based path cannot disagree about them; sync_apply_change is otherwise as in
-- 20261126120000_renewal_day.sql. The operation format and rules are documented with the first
-- definition in 20251121050500_sync_rpc.sql.

-- The columns an upsert may write: every writable one for a new row, fewer for some existing
-- ones (a document's policy, type and size, and a payment's policy, are fixed once created).
create or replace function private.sync_writable_columns(p_table text, p_new boolean)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'policies' then array[
      'policy_type_id', 'insurer_name', 'policy_number', 'product_name', 'start_date',
      'renewal_frequency', 'next_renewal_date', 'sum_insured', 'premium_amount',
      'additional_details', 'nominee_name', 'claim_helpline', 'tpa_name', 'tpa_helpline',
      'agent_name', 'agent_phone', 'created_at']
    when 'people' then array['name', 'relationship', 'created_at']
    when 'policy_types' then array['name', 'icon', 'created_at']
    when 'policy_documents' then case when p_new
      then array['policy_id', 'name', 'mime_type', 'size', 'created_at']
      else array['name'] end
    when 'payments' then case when p_new
      then array['policy_id', 'amount', 'paid_on', 'mode', 'reference', 'created_at']
      else array['amount', 'paid_on', 'mode', 'reference'] end
  end
$$;

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
  v_allowed := private.sync_writable_columns(v_table, v_existing is null);
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

-- One run of sync_push (see the header): ops of one table, same columns, ids well-formed.
-- Returns their results in order, or raises (SY001 when a row or an op id is not new) so the
-- caller's subtransaction undoes all of it. Security invoker: RLS decides as for one op.
create or replace function private.sync_insert_new_rows(p_ops jsonb[])
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_table text := p_ops[1] ->> 'table';
  v_cols text[] := array(
    select k from jsonb_object_keys(p_ops[1] -> 'row') as k
     where k = any (private.sync_writable_columns(v_table, true)) order by k);
  v_claimed integer;
  v_seen boolean;
  v_results jsonb;
begin
  -- A row the caller can see is an edit or a tombstone: sync_apply_change answers those.
  execute format('select exists (select 1 from public.%I t where t.id = any ($1))', v_table)
    into v_seen
    using array(select (o -> 'row' ->> 'id')::uuid from unnest(p_ops) o);
  if v_seen then
    raise exception 'Not new rows' using errcode = 'SY001';
  end if;

  -- Claimed first, as one op claims its id (a concurrent retry waits, then sees a duplicate).
  insert into public.sync_ops (op_id, user_id)
  select (o ->> 'op_id')::uuid, v_uid from unnest(p_ops) o
  on conflict (op_id) do nothing;
  get diagnostics v_claimed = row_count;
  if v_claimed <> cardinality(p_ops) then
    raise exception 'An op id was used before' using errcode = 'SY001';
  end if;

  execute format(
    'with inserted as ('
    '  insert into public.%1$I as t (id, user_id%2$s)'
    '  select (o.value -> ''row'' ->> ''id'')::uuid, $2%3$s'
    '    from unnest($1) with ordinality as o(value, n)'
    '    cross join lateral jsonb_populate_record(null::public.%1$I, o.value -> ''row'') r'
    '   order by o.n'
    '  returning t.id, to_jsonb(t) as row)'
    ' select jsonb_agg('
    '     jsonb_build_object(''op_id'', (o.value ->> ''op_id'')::uuid, ''status'', ''applied'')'
    '     || jsonb_build_object(''code'', null, ''message'', null, ''row'', i.row)'
    '     order by o.n)'
    '   from unnest($1) with ordinality as o(value, n)'
    '   join inserted i on i.id = (o.value -> ''row'' ->> ''id'')::uuid',
    v_table,
    (select coalesce(string_agg(format(', %I', c), ''), '') from unnest(v_cols) c),
    (select coalesce(string_agg(format(', r.%I', c), ''), '') from unnest(v_cols) c))
    into v_results
    using p_ops, v_uid;

  update public.sync_ops s set result = r.value
    from jsonb_array_elements(v_results) r
   where s.op_id = (r.value ->> 'op_id')::uuid;
  return v_results;
end
$$;

create or replace function public.sync_push(ops jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_uuid_form constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  v_ops jsonb[];
  -- Per op: the run it may join (table and columns), or null for the per-op path.
  v_runs text[];
  v_n integer;
  v_i integer := 1;
  v_end integer;
  v_single_until integer := 0;
  v_run jsonb;
  v_op jsonb;
  v_op_id uuid;
  v_stored jsonb;
  v_result jsonb;
  v_results jsonb[] := '{}';
  v_state text;
  v_message text;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;
  if ops is null or jsonb_typeof(ops) <> 'array' then
    raise exception 'ops must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(ops) > 1000 then
    raise exception 'At most 1000 operations per call' using errcode = '22023';
  end if;

  select array_agg(e.value order by e.n),
         array_agg(
           case when jsonb_typeof(e.value) = 'object'
             and e.value ->> 'kind' = 'upsert'
             and e.value ->> 'table' in ('policies', 'people', 'policy_types')
             and jsonb_typeof(e.value -> 'row') = 'object'
             and e.value ->> 'op_id' ~* v_uuid_form
             and e.value -> 'row' ->> 'id' ~* v_uuid_form
           then (e.value ->> 'table') || ':' || array_to_string(array(
             select k from jsonb_object_keys(e.value -> 'row') as k
              where k = any (private.sync_writable_columns(e.value ->> 'table', true))
              order by k), ',')
           end
           order by e.n)
    into v_ops, v_runs
    from jsonb_array_elements(ops) with ordinality as e(value, n);
  v_n := coalesce(cardinality(v_ops), 0);

  while v_i <= v_n loop
    -- A run of one gains nothing: it goes the per-op way.
    if v_runs[v_i] is not null and v_i > v_single_until and v_i < v_n
      and v_runs[v_i + 1] = v_runs[v_i]
    then
      v_end := v_i;
      while v_end < v_n and v_runs[v_end + 1] = v_runs[v_i] loop
        v_end := v_end + 1;
      end loop;
      v_run := null;
      begin
        v_run := private.sync_insert_new_rows(v_ops[v_i:v_end]);
      exception
        when others then
          get stacked diagnostics v_state = returned_sqlstate;
          if left(v_state, 2) in ('08', '40', '53', '55', '57', '58', 'XX') then
            raise;
          end if;
      end;
      if v_run is not null then
        v_results := v_results
          || array(select r.value from jsonb_array_elements(v_run) with ordinality as r(value, n)
                    order by r.n);
        v_i := v_end + 1;
        continue;
      end if;
      -- Something in the run is not a plain new row: each of its ops goes alone, as before.
      v_single_until := v_end;
    end if;

    v_op := v_ops[v_i];
    v_op_id := null;
    begin
      if jsonb_typeof(v_op) <> 'object' then
        raise exception 'Each operation must be a JSON object' using errcode = '22023';
      end if;
      v_op_id := (v_op ->> 'op_id')::uuid;
      if v_op_id is null then
        raise exception 'op_id is required' using errcode = '22023';
      end if;

      -- Claim the op id first: a concurrent retry of the same op waits on this row and then
      -- sees it as a duplicate instead of applying it a second time.
      insert into public.sync_ops (op_id, user_id) values (v_op_id, v_uid)
      on conflict (op_id) do nothing;

      if not found then
        select s.result into v_stored from public.sync_ops s where s.op_id = v_op_id;
        if v_stored is null then
          -- The id belongs to another account (RLS hides its row).
          raise exception 'op_id % is already in use', v_op_id using errcode = '23505';
        end if;
        v_result := v_stored || jsonb_build_object('status', 'duplicate');
      else
        v_result := jsonb_build_object('op_id', v_op_id, 'status', 'applied')
          || public.sync_apply_op(v_op);
        update public.sync_ops s set result = v_result where s.op_id = v_op_id;
      end if;
    exception
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
        if left(v_state, 2) in ('08', '40', '53', '55', '57', '58', 'XX') then
          raise;
        end if;
        v_result := jsonb_build_object(
          'op_id', coalesce(to_jsonb(v_op_id), v_op -> 'op_id'),
          'status', 'rejected',
          'code', v_state,
          'message', v_message,
          'row', null);
    end;
    v_results := array_append(v_results, v_result);
    v_i := v_i + 1;
  end loop;

  return to_jsonb(v_results);
end;
$$;

revoke all on function private.sync_writable_columns(text, boolean),
  private.sync_insert_new_rows(jsonb[]) from public, anon;
grant execute on function private.sync_writable_columns(text, boolean),
  private.sync_insert_new_rows(jsonb[]) to authenticated, service_role;
revoke all on function public.sync_apply_change(jsonb) from public, anon;
grant execute on function public.sync_apply_change(jsonb) to authenticated, service_role;
revoke all on function public.sync_push(jsonb) from public, anon;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
