import { policyTypeSchema, type PolicyTypeValues } from '@/domain/schemas';
import { call } from './call';
import { POLICY_TYPE_COLUMNS } from './schemas';

export function updatePolicyType(id: string, values: PolicyTypeValues) {
  return call(
    (db) =>
      db
        .from('policy_types')
        .update({ name: values.name, icon: values.icon })
        .eq('id', id)
        .is('user_id', null)
        .select(POLICY_TYPE_COLUMNS)
        .single(),
    policyTypeSchema,
  );
}
