import { z } from 'zod';
import { call } from './call';

/** How many live policies, of any user, use a type: shown before the admin deletes it. */
export function countPoliciesUsingType(typeId: string) {
  return call(
    (db) =>
      db
        .from('policies')
        .select('id', { count: 'exact', head: true })
        .eq('policy_type_id', typeId)
        .is('deleted_at', null),
    z.number().int().nonnegative(),
    (r) => r.count,
  );
}
