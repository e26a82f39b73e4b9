-- A deleted policy can be restored for 30 days (issue 15). Delete still wins over edits:
-- an upsert of a tombstone stays 'ignored_deleted'. Restoring is its own, explicit op kind,
-- queued in the outbox like any change (so it works offline):
--
--   restore  {op_id, table: 'policies', kind: 'restore', id}
--            Clears the tombstone of the caller's policy if it was deleted within the last
--            30 days, and brings back the member links that were deleted with it (same
--            deleted_at: the cascade of 20251121050200_tracker.sql) whose person is alive.
--            Answers the live row; 'noop' when it is not deleted, 'not_found' when there is no
--            such policy of the caller; refused with 22023 after 30 days. server_seq advances,
--            so every device pulls the policy again. Tombstones are never purged before then.
--
-- The rules of the other kinds stay in public.sync_apply_change (the function
-- 20261123100000_sync_apply_op_races.sql defined as sync_apply_op, renamed here so this one
-- can take the new kind first). A later change to those rules replaces sync_apply_change.

alter function public.sync_apply_op(jsonb) rename to sync_apply_change;

-- Security definer: RLS hides tombstones from updates (a late edit cannot revive one), so the
-- one sanctioned way back checks ownership itself.
create or replace function public.sync_restore_policy(p_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_row public.policies;
  v_deleted_at timestamptz;
begin
  if v_uid is null then
    raise exception 'Sign in to sync' using errcode = '42501';
  end if;
  if p_id is null then
    raise exception 'id is required' using errcode = '22023';
  end if;
  select * into v_row from public.policies p where p.id = p_id and p.user_id = v_uid for update;
  if not found then
    return jsonb_build_object('code', 'not_found', 'message', 'No such policy', 'row', null);
  end if;
  if v_row.deleted_at is null then
    return jsonb_build_object('code', 'noop', 'message', null, 'row', to_jsonb(v_row));
  end if;
  if v_row.deleted_at < now() - interval '30 days' then
    raise exception 'This policy was deleted more than 30 days ago and can no longer be restored'
      using errcode = '22023';
  end if;
  v_deleted_at := v_row.deleted_at;
  update public.policies p set deleted_at = null where p.id = p_id returning * into v_row;
  update public.policy_members pm
     set deleted_at = null
   where pm.policy_id = p_id
     and pm.deleted_at = v_deleted_at
     and exists (select 1 from public.people m where m.id = pm.person_id and m.deleted_at is null);
  return jsonb_build_object('code', null, 'message', null, 'row', to_jsonb(v_row));
end
$$;

create or replace function public.sync_apply_op(op jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if op ->> 'kind' = 'restore' then
    if op ->> 'table' is distinct from 'policies' then
      raise exception 'Only policies can be restored' using errcode = '22023';
    end if;
    return public.sync_restore_policy(
      nullif(coalesce(op ->> 'id', op -> 'row' ->> 'id'), '')::uuid
    );
  end if;
  return public.sync_apply_change(op);
end
$$;

revoke all on function public.sync_restore_policy(uuid) from public, anon;
revoke all on function public.sync_apply_op(jsonb) from public, anon;
grant execute on function public.sync_restore_policy(uuid) to authenticated, service_role;
grant execute on function public.sync_apply_op(jsonb) to authenticated, service_role;
