-- Family sharing (issue 18): what a mailed invitation link is, before it is answered.
-- The invitations page shows who invites, to which policies and as what; without this it could
-- only guess from the list of waiting invitations. The same checks as answering: signed in,
-- the link's token, the invited confirmed address (SH008 otherwise), and still waiting (SH004
-- expired, SH005 withdrawn, SH006 declined, SH007 already accepted), so a link that can no
-- longer be answered says why as soon as it is opened. It changes nothing.

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
  return public.share_invitation_json(v_inv);
end
$$;

revoke all on function public.view_share_invitation(text) from public, anon;
grant execute on function public.view_share_invitation(text) to authenticated, service_role;
