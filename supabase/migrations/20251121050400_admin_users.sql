-- Admin user listing. Spec §3 ("User (admin listing)"), §6, §7.
--
-- The browser never gets the service-role key, so the admin cannot call the GoTrue admin
-- API; these security definer functions read auth.users on the admin's behalf and refuse
-- everyone else with 42501 (PostgREST answers 403 for an authenticated caller).
-- Admin accounts themselves are left out of the listing (spec §6).

create or replace function public.admin_list_users()
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  last_sign_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only the admin may list users' using errcode = '42501';
  end if;
  return query
    select u.id, u.email::text, u.created_at, u.last_sign_in_at
      from auth.users u
     where not exists (select 1 from public.admins a where a.email = lower(u.email))
     order by u.created_at desc;
end;
$$;

create or replace function public.admin_get_user(user_id uuid)
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  last_sign_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only the admin may read user accounts' using errcode = '42501';
  end if;
  return query
    select u.id, u.email::text, u.created_at, u.last_sign_in_at
      from auth.users u
     where u.id = admin_get_user.user_id;
end;
$$;

-- Live policy count per user for the users page (one call instead of one per row).
create or replace function public.admin_policy_counts()
returns table (
  user_id uuid,
  policy_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only the admin may read policy counts' using errcode = '42501';
  end if;
  return query
    select p.user_id, count(*)
      from public.policies p
     where p.deleted_at is null
     group by p.user_id;
end;
$$;

revoke all on function public.admin_list_users() from public, anon;
revoke all on function public.admin_get_user(uuid) from public, anon;
revoke all on function public.admin_policy_counts() from public, anon;
grant execute on function public.admin_list_users() to authenticated, service_role;
grant execute on function public.admin_get_user(uuid) to authenticated, service_role;
grant execute on function public.admin_policy_counts() to authenticated, service_role;
