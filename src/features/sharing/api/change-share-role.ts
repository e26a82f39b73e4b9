import { policyShareSchema, type ShareRole } from '@/domain/schemas/share';
import { shareRpc } from './share-call';

export function changeShareRole(shareId: string, role: ShareRole) {
  return shareRpc('change_share_role', { p_share_id: shareId, p_role: role }, policyShareSchema);
}
