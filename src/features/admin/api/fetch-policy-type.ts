import { policyTypeSchema } from '@/domain/schemas';
import { call } from './call';
import { POLICY_TYPE_COLUMNS } from './schemas';

/** One global type by id, for the editor. */
export function fetchPolicyType(id: string) {
  return call(
    (db) =>
      db
        .from('policy_types')
        .select(POLICY_TYPE_COLUMNS)
        .eq('id', id)
        .is('user_id', null)
        .is('deleted_at', null)
        .single(),
    policyTypeSchema,
  );
}
