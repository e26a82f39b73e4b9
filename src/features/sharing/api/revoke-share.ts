import { policyShareSchema } from '@/domain/schemas/share';
import { shareRpc } from './share-call';

/**
 * Ends a share at once on the server; the recipient's device deletes its copies at its next
 * sync. Also withdraws the owner's invitations still waiting at that person's address.
 */
export function revokeShare(shareId: string) {
  return shareRpc('revoke_share', { p_share_id: shareId }, policyShareSchema);
}
