import { shareInvitationListSchema } from '@/domain/schemas/share';
import { shareRpc } from './share-call';

/** What the user sent (every status) and what waits for their answer at their address. */
export function listInvitations() {
  return shareRpc('list_share_invitations', {}, shareInvitationListSchema);
}
