import { shareInvitationSchema } from '@/domain/schemas/share';
import { invitationArgs, type InvitationRef } from './answer-invitation';
import { shareRpc } from './share-call';

export function declineInvitation(ref: InvitationRef) {
  return shareRpc('decline_share_invitation', invitationArgs(ref), shareInvitationSchema);
}
