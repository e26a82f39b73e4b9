-- Admin screens: a searchable, paged user list and the dashboard's live counts. Spec §2
-- "Admin", §6; issue 9.
--
-- admin_list_users() returns every account at once; with many sign-ups the users page would
-- download all of them just to show 25. These functions do the search, the paging and the
-- counting in the database instead. Both are security definer (they read auth.users and
-- count callbacks, which no API role may read) and so refuse anyone but the admin with
-- 42501, exactly like the functions in 20251121050400_admin_users.sql.

-- One page of non-admin accounts, newest first, optionally filtered by an email fragment
-- (case-insensitive, matched literally: % and _ are not wildcards here). total_count is the
-- number of matching accounts on all pages, repeated on each row so one call fills the
-- table and the pager.
create or replace function public.admin_search_users(
  search text default null,
  page_size integer default 25,
  page_offset integer default 0
)
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(admin_search_users.search, '')), '');
  v_limit integer := least(greatest(coalesce(admin_search_users.page_size, 25), 1), 100);
  v_offset integer := greatest(coalesce(admin_search_users.page_offset, 0), 0);
begin
  if not public.is_admin() then
    raise exception 'Only the admin may list users' using errcode = '42501';
  end if;
  return query
    with matching as (
      select u.id, u.email::text as email, u.created_at, u.last_sign_in_at
        from auth.users u
       where not exists (select 1 from public.admins a where a.email = lower(u.email))
         and (v_search is null or strpos(lower(u.email), lower(v_search)) > 0)
    )
    select m.id, m.email, m.created_at, m.last_sign_in_at, count(*) over () as total_count
      from matching m
     order by m.created_at desc, m.id
     limit v_limit
    offset v_offset;
end;
$$;

-- The dashboard tiles' numbers in one round trip. Policy types are the global ones the admin
-- manages; users exclude admin accounts, as the users page does.
create or replace function public.admin_dashboard_counts()
returns table (
  callbacks bigint,
  news bigint,
  glossary bigint,
  faqs bigint,
  policy_types bigint,
  users bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only the admin may read the dashboard counts' using errcode = '42501';
  end if;
  return query
    select
      (select count(*) from public.callbacks),
      (select count(*) from public.news),
      (select count(*) from public.glossary),
      (select count(*) from public.faqs),
      (select count(*) from public.policy_types t where t.user_id is null and t.deleted_at is null),
      (select count(*)
         from auth.users u
        where not exists (select 1 from public.admins a where a.email = lower(u.email)));
end;
$$;

revoke all on function public.admin_search_users(text, integer, integer) from public, anon;
revoke all on function public.admin_dashboard_counts() from public, anon;
grant execute on function public.admin_search_users(text, integer, integer) to authenticated, service_role;
grant execute on function public.admin_dashboard_counts() to authenticated, service_role;
