/**
 * The token of an invitation link, kept in memory only: the invitations route takes it out
 * of the address before anything renders (so it never reaches history, the login page's
 * address or a referrer), and it survives signing in or up in this tab. A reload loses it;
 * the invitation then still waits in the list of invitations received.
 *
 * It is for the person who opened the link: kept while signed out, the first account signed
 * in afterwards takes it; signing out or another account signing in forgets it, so a shared
 * computer does not offer the next user someone else's invitation.
 */
let pendingToken: string | null = null;
/** Who the token is for: null while nobody was signed in to take it yet. */
let tokenUser: string | null = null;

export const invitationTokenPattern = /^[0-9a-f]{64}$/;

export function keepInvitationToken(token: string, userId: string | null): void {
  pendingToken = token;
  tokenUser = userId;
}

export function pendingInvitationToken(): string | null {
  return pendingToken;
}

export function forgetInvitationToken(): void {
  pendingToken = null;
  tokenUser = null;
}

/** Told every signed-in user change (null: signed out). */
export function followInvitationUser(userId: string | null): void {
  if (pendingToken === null) return;
  if (tokenUser === null) {
    tokenUser = userId;
    return;
  }
  if (userId !== tokenUser) forgetInvitationToken();
}
