-- sync_pull turns into JSON only the rows its page returns (issue 22: a first pull of 20,000
-- policies in ≤ 4 s). Each branch called to_jsonb(t) in the same select as its ORDER BY …
-- LIMIT. When the planner reads a branch by a bitmap scan and sorts it, every row after `since`
-- was converted before the limit kept v_max of them. PGlite, which has no autovacuum and so no
-- statistics, plans so for the first five calls on its connection (plpgsql's custom plans; from
-- the sixth its generic plan reads the (user_id, server_seq) index in order): after a server
-- start, a first pull of 20,000 policies in pages of 2,000 spent 412, 299, 269, 250 and 265 ms
-- on its first five pages and about 80 ms on each later one, 1.97 s in all; now every page
-- takes about 100 ms, 1.1 s in all. PostgreSQL's plans read the index in order and stop at the
-- limit, so it gains nothing and loses nothing. Now each branch picks its rows in a subquery
-- (its ORDER BY … LIMIT keeps it from being merged into the outer select) and converts only
-- those: the same keys (the subquery's columns are the table's), the same rows, the same order.
-- Everything else is as in 20261127110000_sharing_review_fixes.sql.

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
    (select 'policy_types' as tbl, s.server_seq as seq, to_jsonb(s) as row_data
       from (select t.* from public.policy_types t
              where t.user_id = v_uid and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'policies', s.server_seq, to_jsonb(s)
       from (select t.* from public.policies t
              where t.user_id = v_uid and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'people', s.server_seq, to_jsonb(s)
       from (select t.* from public.people t
              where t.user_id = v_uid and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'policy_members', s.server_seq, to_jsonb(s)
       from (select t.* from public.policy_members t
              where t.user_id = v_uid and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'policy_documents', s.server_seq, to_jsonb(s)
       from (select t.* from public.policy_documents t
              where t.user_id = v_uid and t.server_seq > v_since
              order by t.server_seq limit v_max) s)
    union all
    (select 'payments', s.server_seq, to_jsonb(s)
       from (select t.* from public.payments t
              where t.user_id = v_uid and t.server_seq > v_since
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
    'cursor', coalesce(v_cursor, v_since),
    'has_more', v_count >= v_max,
    'global_policy_types', (
      select coalesce(jsonb_agg(to_jsonb(t) order by t.name), '[]'::jsonb)
        from public.policy_types t
       where t.user_id is null and t.deleted_at is null
    )) || public.sync_shared_with_me();
end;
$$;
