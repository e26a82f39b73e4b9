-- sync_pull's skipped ranges no longer move the cursor past the newest row (issue 22's
-- review). On the last page the cursor went to the end of the ranges the device named, trusted
-- as "every seq up to there is committed": true of ranges taken from the server's own answers,
-- but a range reaching past the newest row (a device's bug) put the cursor ahead of seqs not
-- handed out yet, and every row written after that was never pulled by that device. The cursor
-- now goes no further than the caller's newest own row version inside the ranges' reach: every
-- skipped row is at or before it, so none comes back, and every row written later has a later
-- seq. (A range that covers rows the device does not hold still leaves them out: the device is
-- trusted to name only what it stored, and only its own sync is at stake.) The function is
-- otherwise as in 20261128120000_sync_pull_skip_stored.sql.

create or replace function public.sync_pull(
  since bigint default 0,
  max integer default 1000,
  skip jsonb default null
)
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
  v_skip int8multirange := '{}';
  v_bad_skip boolean;
  -- The last of the caller's own row versions inside the skipped ranges' reach.
  v_skip_last bigint;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;
  if sync_pull.skip is not null then
    -- Each test only once the one before it passed (a CASE's branches are taken in order), so
    -- the lengths are of arrays and the casts see digits only.
    v_bad_skip := case
      when jsonb_typeof(sync_pull.skip) <> 'array' then true
      when jsonb_array_length(sync_pull.skip) > 1000 then true
      else exists (
        select 1 from jsonb_array_elements(sync_pull.skip) r
         where case
           when jsonb_typeof(r.value) <> 'array' then true
           when jsonb_array_length(r.value) <> 2 then true
           when jsonb_typeof(r.value -> 0) <> 'number' then true
           when jsonb_typeof(r.value -> 1) <> 'number' then true
           when (r.value ->> 0) !~ '^[0-9]{1,18}$' then true
           when (r.value ->> 1) !~ '^[0-9]{1,18}$' then true
           else (r.value ->> 0)::bigint > (r.value ->> 1)::bigint
         end)
    end;
    if v_bad_skip then
      raise exception 'skip must be at most 1000 [first, last] server_seq ranges'
        using errcode = '22023';
    end if;
    select coalesce(range_agg(int8range((r.value ->> 0)::bigint, (r.value ->> 1)::bigint, '[]')),
                    '{}')
      into v_skip
      from jsonb_array_elements(sync_pull.skip) r;
  end if;
  v_shared := array(select m.policy_id from public.my_shared_policies() m);
  v_has_shared := cardinality(v_shared) > 0;

  with candidates as (
    (select 'policy_types' as tbl, s.server_seq as seq, to_jsonb(s) as row_data
       from (select t.* from public.policy_types t
              where t.user_id = v_uid and t.server_seq > v_since
                and not t.server_seq <@ v_skip
              order by t.server_seq limit v_max) s)
    union all
    (select 'policies', s.server_seq, to_jsonb(s)
       from (select t.* from public.policies t
              where t.user_id = v_uid and t.server_seq > v_since
                and not t.server_seq <@ v_skip
              order by t.server_seq limit v_max) s)
    union all
    (select 'people', s.server_seq, to_jsonb(s)
       from (select t.* from public.people t
              where t.user_id = v_uid and t.server_seq > v_since
                and not t.server_seq <@ v_skip
              order by t.server_seq limit v_max) s)
    union all
    (select 'policy_members', s.server_seq, to_jsonb(s)
       from (select t.* from public.policy_members t
              where t.user_id = v_uid and t.server_seq > v_since
                and not t.server_seq <@ v_skip
              order by t.server_seq limit v_max) s)
    union all
    (select 'policy_documents', s.server_seq, to_jsonb(s)
       from (select t.* from public.policy_documents t
              where t.user_id = v_uid and t.server_seq > v_since
                and not t.server_seq <@ v_skip
              order by t.server_seq limit v_max) s)
    union all
    (select 'payments', s.server_seq, to_jsonb(s)
       from (select t.* from public.payments t
              where t.user_id = v_uid and t.server_seq > v_since
                and not t.server_seq <@ v_skip
              order by t.server_seq limit v_max) s)
    -- Rows of policies shared with the caller (never the caller's own: no share with oneself).
    union all
    (select 'policies', s.server_seq, to_jsonb(s)
       from (select t.* from public.policies t
              where v_has_shared and t.id = any (v_shared) and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'people', s.seq, to_jsonb(s.person)
       from (select t as person, greatest(t.server_seq, l.link_seq) as seq
               from public.people t
               join (select pm.person_id, pg_catalog.max(pm.server_seq) as link_seq
                       from public.policy_members pm
                      where pm.policy_id = any (v_shared) and pm.deleted_at is null
                      group by pm.person_id) l on l.person_id = t.id
              where v_has_shared and t.user_id <> v_uid
                and greatest(t.server_seq, l.link_seq) > v_since
              order by 2 limit v_max) s)
    union all
    (select 'policy_members', s.server_seq, to_jsonb(s)
       from (select t.* from public.policy_members t
              where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'policy_documents', s.server_seq, to_jsonb(s)
       from (select t.* from public.policy_documents t
              where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'payments', s.server_seq, to_jsonb(s)
       from (select t.* from public.payments t
              where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
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

  if v_count < v_max and not isempty(v_skip)
     and upper(v_skip) - 1 > coalesce(v_cursor, v_since) then
    -- One backward step of each table's (user_id, server_seq) index. A statement of its own,
    -- yet in the page's snapshot: the function is stable, so all its statements see the same
    -- one (made volatile, a row committed in between could be passed over).
    select pg_catalog.max(l.seq) into v_skip_last from (
      (select t.server_seq as seq from public.policy_types t
        where t.user_id = v_uid and t.server_seq < upper(v_skip)
        order by t.server_seq desc limit 1)
      union all
      (select t.server_seq from public.policies t
        where t.user_id = v_uid and t.server_seq < upper(v_skip)
        order by t.server_seq desc limit 1)
      union all
      (select t.server_seq from public.people t
        where t.user_id = v_uid and t.server_seq < upper(v_skip)
        order by t.server_seq desc limit 1)
      union all
      (select t.server_seq from public.policy_members t
        where t.user_id = v_uid and t.server_seq < upper(v_skip)
        order by t.server_seq desc limit 1)
      union all
      (select t.server_seq from public.policy_documents t
        where t.user_id = v_uid and t.server_seq < upper(v_skip)
        order by t.server_seq desc limit 1)
      union all
      (select t.server_seq from public.payments t
        where t.user_id = v_uid and t.server_seq < upper(v_skip)
        order by t.server_seq desc limit 1)
    ) l;
  end if;

  return jsonb_build_object(
    'changes', v_changes,
    'cursor', case
      when v_count >= v_max or isempty(v_skip) then coalesce(v_cursor, v_since)
      else greatest(coalesce(v_cursor, v_since), coalesce(v_skip_last, v_since))
    end,
    'has_more', v_count >= v_max,
    'global_policy_types', (
      select coalesce(jsonb_agg(to_jsonb(t) order by t.name), '[]'::jsonb)
        from public.policy_types t
       where t.user_id is null and t.deleted_at is null
    )) || public.sync_shared_with_me();
end;
$$;

revoke all on function public.sync_pull(bigint, integer, jsonb) from public, anon;
grant execute on function public.sync_pull(bigint, integer, jsonb) to authenticated, service_role;
