-- Family sharing (issue 18), fixes from the second review of the sharing client:
--
-- sync_pull              A person of another owner comes when the live link naming them on a
--                        shared policy is newer than the cursor, not only when the person's
--                        own row is: adding someone the owner already had (Meera, on an
--                        unshared policy first) to a shared policy stamps the link alone, and
--                        the recipient's device would hold a link to nobody. The change
--                        carries the link's stamp as its server_seq, so the cursor moves past
--                        it; the row keeps its own. Everything else is as in
--                        20261127090200_sync_sharing.sql.
-- view_share_invitation  Refuses an invitation to a policy its owner deleted (SH009) as
--                        accept_share_invitation does, so the page does not offer an answer
--                        that can only fail.

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
    union all
    (select 'policy_documents', t.server_seq, to_jsonb(t)
       from public.policy_documents t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'payments', t.server_seq, to_jsonb(t)
       from public.payments t
      where t.user_id = v_uid and t.server_seq > v_since
      order by t.server_seq limit v_max)
    -- Rows of policies shared with the caller (never the caller's own: no share with oneself).
    union all
    (select 'policies', t.server_seq, to_jsonb(t)
       from public.policies t
      where v_has_shared and t.id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'people', greatest(t.server_seq, l.link_seq), to_jsonb(t)
       from public.people t
       join (select pm.person_id, pg_catalog.max(pm.server_seq) as link_seq
               from public.policy_members pm
              where pm.policy_id = any (v_shared) and pm.deleted_at is null
              group by pm.person_id) l on l.person_id = t.id
      where v_has_shared and t.user_id <> v_uid
        and greatest(t.server_seq, l.link_seq) > v_since
      order by greatest(t.server_seq, l.link_seq) limit v_max)
    union all
    (select 'policy_members', t.server_seq, to_jsonb(t)
       from public.policy_members t
      where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'policy_documents', t.server_seq, to_jsonb(t)
       from public.policy_documents t
      where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
      order by t.server_seq limit v_max)
    union all
    (select 'payments', t.server_seq, to_jsonb(t)
       from public.payments t
      where v_has_shared and t.policy_id = any (v_shared) and t.server_seq > v_since
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
    )) || public.sync_shared_with_me();
end;
$$;

create or replace function public.view_share_invitation(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_inv public.share_invitations;
begin
  if p_token is null then
    raise exception 'Give the invitation''s token' using errcode = '22023';
  end if;
  v_inv := public.share_invitation_for_recipient(p_token, null);
  perform public.share_invitation_refuse_unless_pending(v_inv);
  if v_inv.policy_id is not null and not exists (
    select 1 from public.policies p where p.id = v_inv.policy_id and p.deleted_at is null
  ) then
    raise exception 'The policy was deleted by its owner' using errcode = 'SH009';
  end if;
  return public.share_invitation_json(v_inv);
end
$$;
