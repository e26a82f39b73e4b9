/** Which invitation is answered: the token from the mailed link, or an id from the list. */
export type InvitationRef = { token: string } | { invitationId: string };

export function invitationArgs(ref: InvitationRef): Record<string, string> {
  return 'token' in ref ? { p_token: ref.token } : { p_invitation_id: ref.invitationId };
}
