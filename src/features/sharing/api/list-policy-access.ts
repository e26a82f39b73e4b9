import { policyAccessSchema } from '@/domain/schemas/share';
import { shareRpc } from './share-call';

/**
 * Who has access and who is invited: for one policy (its own shares and the all-policies
 * ones), or with null every share and waiting invitation of the owner.
 */
export function listPolicyAccess(policyId: string | null) {
  return shareRpc('list_policy_access', { p_policy_id: policyId }, policyAccessSchema);
}
