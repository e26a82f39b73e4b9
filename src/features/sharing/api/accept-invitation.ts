import { policyShareSchema } from '@/domain/schemas/share';
import { invitationArgs, type InvitationRef } from './answer-invitation';
import { shareRpc } from './share-call';

/** Accepts as the signed-in user; only the invited (confirmed) address may. */
export function acceptInvitation(ref: InvitationRef) {
  return shareRpc('accept_share_invitation', invitationArgs(ref), policyShareSchema);
}
