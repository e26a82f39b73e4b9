import { policyTypeSchema, type PolicyTypeValues } from '@/domain/schemas';
import { call } from './call';
import { POLICY_TYPE_COLUMNS } from './schemas';

/** A global type: user_id null (spec §7). */
export function createPolicyType(values: PolicyTypeValues) {
  return call(
    (db) =>
      db
        .from('policy_types')
        .insert({ name: values.name, icon: values.icon, user_id: null })
        .select(POLICY_TYPE_COLUMNS)
        .single(),
    policyTypeSchema,
  );
}
