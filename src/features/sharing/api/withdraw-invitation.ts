import { shareInvitationSchema } from '@/domain/schemas/share';
import { shareRpc } from './share-call';

/** The owner takes back an invitation still waiting; its link stops working. */
export function withdrawInvitation(invitationId: string) {
  return shareRpc(
    'withdraw_share_invitation',
    { p_invitation_id: invitationId },
    shareInvitationSchema,
  );
}
