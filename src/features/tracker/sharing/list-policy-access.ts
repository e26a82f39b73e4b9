import { policyAccessSchema } from '@/domain/schemas';
import { call } from '@/lib/api-call';

/**
 * Who has access and who is invited: for one policy (its own shares and the all-policies
 * ones), or with null every share and waiting invitation of the owner. The one call of
 * list_policy_access: the tracker names the people a notice mentions with it, and the sharing
 * screens (which import the tracker, never the other way) list access with it.
 */
export function listPolicyAccess(policyId: string | null = null) {
  return call((db) => db.rpc('list_policy_access', { p_policy_id: policyId }), policyAccessSchema);
}
