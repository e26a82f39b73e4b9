-- Sharing's functions (issue 18): the only writers of policy_shares and share_invitations
-- (20261127090000_sharing.sql). Each is security definer, checks who is calling itself, and
-- answers JSON. A refusal changes nothing and raises one of these SQLSTATEs (PostgREST answers
-- them HTTP 400 with {code, message}; the message is meant for the person):
--
--   SH001  inviting yourself                  SH006  the invitation was declined
--   SH002  not an email address               SH007  the invitation was already accepted
--   SH003  an invitation is already waiting   SH008  signed in with another address than invited
--   SH004  the invitation has expired         SH009  no such invitation or share (or not yours)
--   SH005  the invitation was withdrawn       SH010  role is not viewer or editor
--   SH011  too many invitations: 20 waiting, 20 sent in a day, or 3 to one address in a day
--   SH012  that address already has this access
--   42501  not signed in, or not the owner of the policy / share
--
-- The mail with the link is not sent from here: create_share_invitation answers the token
-- once, and the function that called it (supabase/functions/_shared/share-invitation.ts, run
-- by the local server and by the hosted Edge Function) mails the link.

-- ---------------------------------------------------------------------------------------
-- JSON shapes the app reads (one builder each, so every function answers the same)
-- ---------------------------------------------------------------------------------------
create or replace function public.share_policy_label(p_policy_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select p.insurer_name || ' · ' || p.policy_number from public.policies p where p.id = p_policy_id
$$;

create or replace function public.share_invitation_json(inv public.share_invitations)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', inv.id,
    'owner_id', inv.owner_id,
    'owner_name', public.account_display_name(inv.owner_id),
    'owner_email', (select u.email::text from auth.users u where u.id = inv.owner_id),
    'email', inv.email,
    'policy_id', inv.policy_id,
    'policy_label', public.share_policy_label(inv.policy_id),
    'role', inv.role,
    'status', case when inv.status = 'pending' and inv.expires_at <= now() then 'expired'
                   else inv.status end,
    'created_at', inv.created_at,
    'expires_at', inv.expires_at,
    'responded_at', inv.responded_at)
$$;

create or replace function public.policy_share_json(s public.policy_shares)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', s.id,
    'owner_id', s.owner_id,
    'owner_name', public.account_display_name(s.owner_id),
    'owner_email', (select u.email::text from auth.users u where u.id = s.owner_id),
    'recipient_id', s.recipient_id,
    'recipient_name', public.account_display_name(s.recipient_id),
    'recipient_email', (select u.email::text from auth.users u where u.id = s.recipient_id),
    'policy_id', s.policy_id,
    'policy_label', public.share_policy_label(s.policy_id),
    'role', s.role,
    'reminders_enabled', s.reminders_enabled,
    'created_at', s.created_at,
    'updated_at', s.updated_at)
$$;

-- A new share must reach the recipient's next pull, which asks for rows after its cursor:
-- the owner's rows under the share get a new server_seq (their values are untouched; the
-- owner's devices pull them again and find nothing changed, not even who changed them last:
-- the flag keeps updated_at and updated_by as they were, see tg_set_updated_by). Tombstones
-- are left alone: a recipient has nothing of them to delete.
create or replace function public.share_publish_rows(p_owner_id uuid, p_policy_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('bimaguide.republishing', 'on', true);
  update public.policies p set server_seq = p.server_seq
   where p.user_id = p_owner_id and p.deleted_at is null
     and (p_policy_id is null or p.id = p_policy_id);
  update public.people m set server_seq = m.server_seq
   where m.user_id = p_owner_id and m.deleted_at is null
     and exists (
       select 1 from public.policy_members pm
        where pm.person_id = m.id and pm.deleted_at is null
          and (p_policy_id is null or pm.policy_id = p_policy_id));
  update public.policy_members pm set server_seq = pm.server_seq
   where pm.user_id = p_owner_id and pm.deleted_at is null
     and (p_policy_id is null or pm.policy_id = p_policy_id);
  update public.payments pay set server_seq = pay.server_seq
   where pay.user_id = p_owner_id and pay.deleted_at is null
     and (p_policy_id is null or pay.policy_id = p_policy_id);
  update public.policy_documents d set server_seq = d.server_seq
   where d.user_id = p_owner_id and d.deleted_at is null
     and (p_policy_id is null or d.policy_id = p_policy_id);
  perform set_config('bimaguide.republishing', '', true);
end
$$;

-- The recipient's devices pull now rather than at their next poll (see
-- 20261124010000_sync_realtime_pokes.sql; the poke carries nothing).
create or replace function public.share_poke(p_user_id uuid)
returns void
language sql
set search_path = ''
as $$
  select realtime.send('{}'::jsonb, 'changed', 'sync:' || p_user_id::text, true)
$$;

-- ---------------------------------------------------------------------------------------
-- Invitations
-- ---------------------------------------------------------------------------------------
create or replace function public.create_share_invitation(
  p_email text, p_role text, p_policy_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_self text;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_scope text := case when p_policy_id is null then 'all your policies' else 'this policy' end;
  v_inv public.share_invitations;
begin
  if v_uid is null then
    raise exception 'Sign in to share your policies' using errcode = '42501';
  end if;
  if char_length(v_email) > 320
    or v_email !~ '^[^@[:space:],;<>()"]+@[^@[:space:],;<>()"]+\.[^@[:space:],;<>()".]+$' then
    raise exception 'Enter a valid email address, like name@example.com' using errcode = 'SH002';
  end if;
  if p_role is null or p_role not in ('viewer', 'editor') then
    raise exception 'Choose viewer or editor' using errcode = 'SH010';
  end if;
  select lower(u.email) into v_self from auth.users u where u.id = v_uid;
  if v_email = v_self then
    raise exception 'You cannot share policies with yourself' using errcode = 'SH001';
  end if;
  if p_policy_id is not null and not exists (
    select 1 from public.policies p
     where p.id = p_policy_id and p.user_id = v_uid and p.deleted_at is null
  ) then
    raise exception 'Only the owner of a policy can share it' using errcode = '42501';
  end if;
  if exists (
    select 1 from public.policy_shares s join auth.users u on u.id = s.recipient_id
     where s.owner_id = v_uid and lower(u.email) = v_email
       and s.policy_id is not distinct from p_policy_id
  ) then
    raise exception '% already has access to %; change their role in the list of who has access',
      v_email, v_scope using errcode = 'SH012';
  end if;

  -- Serialises two invitations to the same address and scope (two taps, two devices).
  perform pg_advisory_xact_lock(hashtextextended(v_uid::text || '/' || v_email, 7243190518));
  update public.share_invitations i
     set status = 'expired'
   where i.owner_id = v_uid and i.email = v_email
     and i.policy_id is not distinct from p_policy_id
     and i.status = 'pending' and i.expires_at <= now();
  if exists (
    select 1 from public.share_invitations i
     where i.owner_id = v_uid and i.email = v_email
       and i.policy_id is not distinct from p_policy_id and i.status = 'pending'
  ) then
    raise exception 'An invitation to % for % is already waiting; withdraw it to send a new one',
      v_email, v_scope using errcode = 'SH003';
  end if;
  if (select count(*) from public.share_invitations i
       where i.owner_id = v_uid and i.status = 'pending' and i.expires_at > now()) >= 20 then
    raise exception 'You have 20 invitations waiting; withdraw some before sending more'
      using errcode = 'SH011';
  end if;
  -- Every invitation mails someone from the project's domain: withdrawn, declined and
  -- expired ones count too, or a create-and-withdraw loop would mail without end.
  if (select count(*) from public.share_invitations i
       where i.owner_id = v_uid and i.created_at > now() - interval '24 hours') >= 20 then
    raise exception 'You have sent 20 invitations today; try again tomorrow'
      using errcode = 'SH011';
  end if;
  if (select count(*) from public.share_invitations i
       where i.owner_id = v_uid and i.email = v_email
         and i.created_at > now() - interval '24 hours') >= 3 then
    raise exception 'You have invited % 3 times today; try again tomorrow', v_email
      using errcode = 'SH011';
  end if;

  insert into public.share_invitations (owner_id, email, policy_id, role, token_hash)
  values (v_uid, v_email, p_policy_id, p_role,
          encode(sha256(convert_to(v_token, 'UTF8')), 'hex'))
  returning * into v_inv;
  return jsonb_build_object('invitation', public.share_invitation_json(v_inv), 'token', v_token);
end
$$;

create or replace function public.withdraw_share_invitation(p_invitation_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_inv public.share_invitations;
begin
  if v_uid is null then
    raise exception 'Sign in to manage your invitations' using errcode = '42501';
  end if;
  select * into v_inv from public.share_invitations i
   where i.id = p_invitation_id and i.owner_id = v_uid
   for update;
  if not found then
    raise exception 'No such invitation' using errcode = 'SH009';
  end if;
  perform public.share_invitation_refuse_unless_pending(v_inv);
  update public.share_invitations i
     set status = 'withdrawn', responded_at = now()
   where i.id = v_inv.id
  returning * into v_inv;
  return public.share_invitation_json(v_inv);
end
$$;

-- Raises the status's own refusal for an invitation that is no longer waiting.
create or replace function public.share_invitation_refuse_unless_pending(inv public.share_invitations)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if inv.status = 'withdrawn' then
    raise exception 'This invitation was withdrawn' using errcode = 'SH005';
  elsif inv.status = 'declined' then
    raise exception 'This invitation was declined' using errcode = 'SH006';
  elsif inv.status = 'accepted' then
    raise exception 'This invitation was already accepted' using errcode = 'SH007';
  elsif inv.status = 'expired' or inv.expires_at <= now() then
    raise exception 'This invitation has expired; ask for a new one' using errcode = 'SH004';
  end if;
end
$$;

-- The invitation a recipient answers: by the token in the mailed link, or by id from their
-- list in the app. Either way it must have been sent to the caller's confirmed address.
create or replace function public.share_invitation_for_recipient(p_token text, p_invitation_id uuid)
returns public.share_invitations
language plpgsql
set search_path = ''
as $$
declare
  v_inv public.share_invitations;
  v_email text := public.my_confirmed_email();
begin
  if auth.uid() is null then
    raise exception 'Sign in to answer an invitation' using errcode = '42501';
  end if;
  if (p_token is null) = (p_invitation_id is null) then
    raise exception 'Give the invitation''s token or its id' using errcode = '22023';
  end if;
  if p_token is not null then
    select * into v_inv from public.share_invitations i
     where i.token_hash = encode(sha256(convert_to(btrim(p_token), 'UTF8')), 'hex')
     for update;
    if not found then
      raise exception 'This invitation link is not valid' using errcode = 'SH009';
    end if;
    if v_email is distinct from v_inv.email then
      -- The address is told only while the invitation waits: a link kept after it was
      -- withdrawn, answered or expired says so and nothing more.
      perform public.share_invitation_refuse_unless_pending(v_inv);
      raise exception 'This invitation was sent to %; sign in with that address to answer it',
        v_inv.email using errcode = 'SH008';
    end if;
  else
    -- By id only the invited address may even learn that it exists.
    select * into v_inv from public.share_invitations i
     where i.id = p_invitation_id and i.email = v_email
     for update;
    if not found then
      raise exception 'No such invitation' using errcode = 'SH009';
    end if;
  end if;
  return v_inv;
end
$$;

create or replace function public.accept_share_invitation(
  p_token text default null, p_invitation_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_inv public.share_invitations;
  v_share public.policy_shares;
begin
  v_inv := public.share_invitation_for_recipient(p_token, p_invitation_id);
  perform public.share_invitation_refuse_unless_pending(v_inv);
  if v_inv.owner_id = v_uid then
    raise exception 'You cannot share policies with yourself' using errcode = 'SH001';
  end if;
  if v_inv.policy_id is not null and not exists (
    select 1 from public.policies p where p.id = v_inv.policy_id and p.deleted_at is null
  ) then
    raise exception 'The policy was deleted by its owner' using errcode = 'SH009';
  end if;

  insert into public.policy_shares (owner_id, recipient_id, policy_id, role)
  values (v_inv.owner_id, v_uid, v_inv.policy_id, v_inv.role)
  on conflict on constraint policy_shares_scope_key do update set role = excluded.role
  returning * into v_share;
  update public.share_invitations i
     set status = 'accepted', responded_at = now(), recipient_id = v_uid
   where i.id = v_inv.id;
  perform public.share_publish_rows(v_inv.owner_id, v_inv.policy_id);
  perform public.share_poke(v_uid);
  return public.policy_share_json(v_share);
end
$$;

create or replace function public.decline_share_invitation(
  p_token text default null, p_invitation_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_inv public.share_invitations;
begin
  v_inv := public.share_invitation_for_recipient(p_token, p_invitation_id);
  perform public.share_invitation_refuse_unless_pending(v_inv);
  update public.share_invitations i
     set status = 'declined', responded_at = now(), recipient_id = auth.uid()
   where i.id = v_inv.id
  returning * into v_inv;
  return public.share_invitation_json(v_inv);
end
$$;

-- Both lists, newest first: what the caller sent (statuses as the person would call them,
-- 'expired' past the date), and what waits for an answer at their confirmed address.
create or replace function public.list_share_invitations()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text := public.my_confirmed_email();
begin
  if v_uid is null then
    raise exception 'Sign in to see your invitations' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'sent', (
      select coalesce(jsonb_agg(public.share_invitation_json(i) order by i.created_at desc), '[]')
        from (select * from public.share_invitations i
               where i.owner_id = v_uid order by i.created_at desc limit 200) i),
    'received', (
      select coalesce(jsonb_agg(public.share_invitation_json(i) order by i.created_at desc), '[]')
        from (select * from public.share_invitations i
               where i.email = v_email and i.status = 'pending' and i.expires_at > now()
               order by i.created_at desc limit 200) i));
end
$$;

-- ---------------------------------------------------------------------------------------
-- Shares
-- ---------------------------------------------------------------------------------------
create or replace function public.change_share_role(p_share_id uuid, p_role text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_share public.policy_shares;
begin
  if v_uid is null then
    raise exception 'Sign in to manage sharing' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('viewer', 'editor') then
    raise exception 'Choose viewer or editor' using errcode = 'SH010';
  end if;
  update public.policy_shares s set role = p_role
   where s.id = p_share_id and s.owner_id = v_uid
  returning * into v_share;
  if not found then
    raise exception 'No such share' using errcode = 'SH009';
  end if;
  perform public.share_poke(v_share.recipient_id);
  return public.policy_share_json(v_share);
end
$$;

-- Ends a share at once: RLS refuses the recipient from the next statement on, and their next
-- pull no longer lists the policies, so the app deletes its copies (see sync_pull). The
-- owner's invitations still waiting at the person's address are withdrawn with it, so a
-- link in their mailbox cannot bring the access back.
create or replace function public.revoke_share(p_share_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_share public.policy_shares;
begin
  if v_uid is null then
    raise exception 'Sign in to manage sharing' using errcode = '42501';
  end if;
  delete from public.policy_shares s
   where s.id = p_share_id and s.owner_id = v_uid
  returning * into v_share;
  if not found then
    raise exception 'No such share' using errcode = 'SH009';
  end if;
  update public.share_invitations i
     set status = 'withdrawn', responded_at = now()
   where i.owner_id = v_uid and i.status = 'pending'
     and i.email = (select lower(u.email) from auth.users u where u.id = v_share.recipient_id);
  perform public.share_poke(v_share.recipient_id);
  return public.policy_share_json(v_share);
end
$$;

-- Reminders for a shared policy are the recipient's choice, per share.
create or replace function public.set_share_reminders(p_share_id uuid, p_enabled boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_share public.policy_shares;
begin
  if v_uid is null then
    raise exception 'Sign in to change reminders' using errcode = '42501';
  end if;
  if p_enabled is null then
    raise exception 'Say whether reminders are on' using errcode = '22023';
  end if;
  update public.policy_shares s set reminders_enabled = p_enabled
   where s.id = p_share_id and s.recipient_id = v_uid
  returning * into v_share;
  if not found then
    raise exception 'No such share' using errcode = 'SH009';
  end if;
  return public.policy_share_json(v_share);
end
$$;

-- Who has access, for the owner: with a policy, the shares that cover it (its own and the
-- all-policies ones) and the invitations waiting for it or for all; without one, everything
-- the owner has shared and every invitation still waiting.
create or replace function public.list_policy_access(p_policy_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Sign in to see who has access' using errcode = '42501';
  end if;
  if p_policy_id is not null and not exists (
    select 1 from public.policies p where p.id = p_policy_id and p.user_id = v_uid
  ) then
    raise exception 'Only the owner of a policy can see who has access' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'shares', (
      select coalesce(jsonb_agg(public.policy_share_json(s) order by s.created_at), '[]')
        from public.policy_shares s
       where s.owner_id = v_uid
         and (p_policy_id is null or s.policy_id is null or s.policy_id = p_policy_id)),
    'invitations', (
      select coalesce(jsonb_agg(public.share_invitation_json(i) order by i.created_at), '[]')
        from public.share_invitations i
       where i.owner_id = v_uid and i.status = 'pending' and i.expires_at > now()
         and (p_policy_id is null or i.policy_id is null or i.policy_id = p_policy_id)));
end
$$;

revoke all on function public.share_policy_label(uuid), public.share_invitation_json(public.share_invitations),
  public.policy_share_json(public.policy_shares), public.share_publish_rows(uuid, uuid),
  public.share_poke(uuid), public.share_invitation_refuse_unless_pending(public.share_invitations),
  public.share_invitation_for_recipient(text, uuid)
  from public, anon, authenticated;
revoke all on function public.create_share_invitation(text, text, uuid),
  public.withdraw_share_invitation(uuid), public.accept_share_invitation(text, uuid),
  public.decline_share_invitation(text, uuid), public.list_share_invitations(),
  public.change_share_role(uuid, text), public.revoke_share(uuid),
  public.set_share_reminders(uuid, boolean), public.list_policy_access(uuid)
  from public, anon;
grant execute on function public.create_share_invitation(text, text, uuid),
  public.withdraw_share_invitation(uuid), public.accept_share_invitation(text, uuid),
  public.decline_share_invitation(text, uuid), public.list_share_invitations(),
  public.change_share_role(uuid, text), public.revoke_share(uuid),
  public.set_share_reminders(uuid, boolean), public.list_policy_access(uuid)
  to authenticated, service_role;
