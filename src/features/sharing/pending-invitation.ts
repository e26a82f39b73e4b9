/**
 * The token of an invitation link, kept in memory only: the invitations route takes it out
 * of the address before anything renders (so it never reaches history, the login page's
 * address or a referrer), and it survives signing in or up in this tab. A reload loses it;
 * the invitation then still waits in the list of invitations received.
 */
let pendingToken: string | null = null;

export const invitationTokenPattern = /^[0-9a-f]{64}$/;

export function keepInvitationToken(token: string): void {
  pendingToken = token;
}

export function pendingInvitationToken(): string | null {
  return pendingToken;
}

export function forgetInvitationToken(): void {
  pendingToken = null;
}
