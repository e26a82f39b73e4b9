import { policyAccessSchema } from '@/domain/schemas';
import { call } from '@/lib/api-call';

/** Who the user shares their policies with (every share of theirs, and invitations). */
export function listPolicyAccess() {
  return call((db) => db.rpc('list_policy_access', { p_policy_id: null }), policyAccessSchema);
}
