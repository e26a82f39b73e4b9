-- sync_push looks up the writable columns once per table instead of once per key (issue 22:
-- 10,000 queued ops flushed in ≤ 10 s). To find its runs of new rows, sync_push lists each
-- op's writable keys; it called private.sync_writable_columns for every key of every op
-- (about 12,000 calls for 500 new policies), and a SQL function with its own search_path is
-- never inlined: each call is a full function call. On PGlite that listing took about 290 ms of
-- a 500-op request against 65 ms with the columns looked up once per table (as the caller,
-- median of eight, load average 7–9). The lists, the runs and every answer are the same; the
-- rest is as in 20261128090000_sync_push_new_rows_set_based.sql, which documents the runs.

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
              where k = any (w.cols)
              order by k), ',')
           end
           order by e.n)
    into v_ops, v_runs
    from jsonb_array_elements(ops) with ordinality as e(value, n)
    -- ->> gives null for anything but an object, so other ops find no columns.
    left join (select t.name, private.sync_writable_columns(t.name, true) as cols
                 from unnest(array['policies', 'people', 'policy_types']) as t(name)) w
      on w.name = e.value ->> 'table';
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

revoke all on function public.sync_push(jsonb) from public, anon;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
