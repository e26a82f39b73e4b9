import { shareInvitationSchema } from '@/domain/schemas/share';
import { shareRpc } from './share-call';

/**
 * What a mailed link's invitation is (who invites, to what, as what), for the invited
 * account only and only while it waits; a refusal says why (SH004–SH009). Changes nothing.
 */
export function viewInvitation(token: string) {
  return shareRpc('view_share_invitation', { p_token: token }, shareInvitationSchema);
}
