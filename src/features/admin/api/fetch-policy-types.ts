import { call } from './call';
import { POLICY_TYPE_COLUMNS, policyTypeListSchema } from './schemas';

/**
 * The global types, by name. The admin may also read users' own types (to name them on a
 * user's policies), so the filter on user_id is what keeps those out of this list.
 */
export function fetchPolicyTypes() {
  return call(
    (db) =>
      db
        .from('policy_types')
        .select(POLICY_TYPE_COLUMNS)
        .is('user_id', null)
        .is('deleted_at', null)
        .order('name', { ascending: true }),
    policyTypeListSchema,
  );
}
