-- sync_pull can be told which rows the device has just stored (issue 22: 10,000 queued ops
-- flushed in ≤ 10 s and ≤ 25 requests). After a push the device pulls from its cursor, and the
-- rows its push answers stored come back: after 10,000 new policies, five pages of 2,000 rows
-- the server turned into JSON and the device parsed only to find them current (and a sixth,
-- empty, request): 20 pushes and 6 pulls, over the 25 requests.
--
-- `skip` is a JSON array of [first, last] server_seq ranges, at most 1000. The device names only
-- ranges it stored whole: every seq in them belongs to a row version it holds. server_seq comes
-- from one global sequence and a row takes a new one with every write, so a row whose seq lies
-- in a range is exactly the version the device stored: it is left out. A row written since has
-- a later seq and comes as before; so do other owners' rows and everything outside the ranges.
-- Skipped rows must not hold the cursor back, or the next pull would send them after all: on
-- the last page (when every row after `since` is either in it or skipped) the cursor moves to
-- the end of the ranges when that is further. Every seq up to there is committed and visible
-- (commit order equals sequence order, see public.tg_set_server_seq), so nothing is passed
-- over. Without `skip` the answer is as before. The function is otherwise as in
-- 20261128100000_sync_pull_page_rows.sql; its signature grows, so the old one is dropped
-- (a call naming since and max alone reaches the new one).

drop function if exists public.sync_pull(bigint, integer);

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

  return jsonb_build_object(
    'changes', v_changes,
    'cursor', case
      when v_count >= v_max or isempty(v_skip) then coalesce(v_cursor, v_since)
      else greatest(coalesce(v_cursor, v_since), upper(v_skip) - 1)
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
