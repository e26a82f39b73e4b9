import { listPolicyAccess as fetchPolicyAccess } from '@/features/tracker';
import { whenOnline } from './share-call';

/** Who has access and who is invited (the tracker's call); offline it says so at once. */
export function listPolicyAccess(policyId: string | null) {
  return whenOnline(() => fetchPolicyAccess(policyId));
}
