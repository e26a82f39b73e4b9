-- Sync RPCs for the offline-first tracker (design §5): sync_push applies a batch of outbox
-- operations idempotently, sync_pull returns changes after a server cursor.
--
-- Both run as the caller (security invoker): Row Level Security decides every row exactly as
-- for /rest/v1, and these functions only add the sync rules on top.

-- Mark Renewed: one period forward. date + interval clamps month ends (31 Jan + 1 month =
-- 28/29 Feb; 29 Feb + 1 year = 28 Feb); the client's renewal arithmetic uses the same rule.
create or replace function public.renewal_interval(frequency text)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case frequency
    when 'monthly' then interval '1 month'
    when '6-monthly' then interval '6 months'
    when 'yearly' then interval '1 year'
    when '3-yearly' then interval '3 years'
  end;
$$;

-- ---------------------------------------------------------------------------------------
-- sync_apply_op: applies one operation, returns {code, message, row}. Raises on refusal;
-- sync_push turns that into a 'rejected' result. Callable directly, but then without the
-- idempotency bookkeeping: clients use sync_push.
--
-- Operation shape (JSON):
--   { "op_id": uuid, "table": "policies" | "people" | "policy_types" | "policy_members",
--     "kind": "upsert" | "delete" | "renew",
--     "row": { "id": uuid, ...fields to write }      -- "patch" is accepted as a synonym;
--                                                    -- policy_members: {policy_id, person_id}
--     "id": uuid,                                    -- alternative to row.id (delete, renew)
--     "renewed_from": "YYYY-MM-DD",                  -- renew only
--     "base": { ... } }                              -- optional, ignored (see below)
--
-- Rules:
--   upsert  Creates the row when the id is new (owner = caller; missing NOT NULL fields are
--           rejected), otherwise writes only the fields given. Operations are applied in
--           the order the server receives them, so per field the last write in server order
--           wins; that is why "base" (the value the device edited from) is not needed.
--           user_id, server_seq, timestamps and deleted_at cannot be written this way.
--   delete  Tombstones the row. Delete wins: a later upsert of a tombstoned row is answered
--           'applied' with code 'ignored_deleted' and the tombstone as row, so the device
--           drops its copy instead of showing a failure. policy_members are a set: adding a
--           link again after removing it creates it again.
--   renew   Advances next_renewal_date by one period of the policy's frequency only if it
--           still equals renewed_from. Two devices renewing the same due date offline
--           therefore advance it once; the second gets code 'already_renewed' and the
--           current row.
-- ---------------------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------------------
-- sync_push(ops): applies a batch in array order; returns one result per op, in order:
--   { op_id, status: 'applied' | 'duplicate' | 'rejected', code, message, row }
-- * applied    the op took effect (or was a no-op by the rules above; see code).
-- * duplicate  this op_id was applied before (a retry after a lost response): the stored
--              result is returned and nothing is applied again.
-- * rejected   permanently refused (constraint, RLS, bad input); code is the SQLSTATE and
--              message the reason. The op is not recorded, so a corrected retry with the
--              same op_id can still apply. The rest of the batch is unaffected: each op runs
--              in its own subtransaction (BEGIN ... EXCEPTION).
-- Transient failures (serialization, deadlock, lack of resources, shutdown) abort the
-- whole call instead, so the client retries the batch later and nothing is half-applied
-- beyond what the op table records.
-- ---------------------------------------------------------------------------------------
create or replace function public.sync_push(ops jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
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

  for v_op in
    select e.value from jsonb_array_elements(ops) with ordinality as e(value, n) order by e.n
  loop
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
  end loop;

  return to_jsonb(v_results);
end;
$$;

-- ---------------------------------------------------------------------------------------
-- sync_pull(since, max): the caller's own rows of policies, people, policy_members and
-- policy_types with server_seq > since, oldest first, at most max (default 1000, at most
-- 5000). Tombstones are included (row.deleted_at set). Returns
--   { changes: [{ table, server_seq, row }], cursor, has_more, global_policy_types }
-- cursor is the server_seq of the last change returned (or since when there is none); pass
-- it as since next time. Thanks to public.tg_set_server_seq a change committed later always
-- carries a higher server_seq, so no change is ever skipped.
-- global_policy_types is the complete live list of admin-managed types every time: it is
-- short, and global types are removed by a real delete that leaves no tombstone to pull.
-- The admin pulls only their own rows, like everyone else.
-- ---------------------------------------------------------------------------------------
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

revoke all on function public.renewal_interval(text) from public;
revoke all on function public.sync_apply_op(jsonb) from public, anon;
revoke all on function public.sync_push(jsonb) from public, anon;
revoke all on function public.sync_pull(bigint, integer) from public, anon;
grant execute on function public.renewal_interval(text) to anon, authenticated, service_role;
grant execute on function public.sync_apply_op(jsonb) to authenticated, service_role;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
grant execute on function public.sync_pull(bigint, integer) to authenticated, service_role;
