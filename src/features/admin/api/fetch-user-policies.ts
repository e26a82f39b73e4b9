import { z } from 'zod';
import { call } from './call';
import { USER_POLICY_COLUMNS, userPolicySchema } from './schemas';

/** A user's live policies with their type's name, soonest renewal first. */
export function fetchUserPolicies(userId: string) {
  return call(
    (db) =>
      db
        .from('policies')
        .select(USER_POLICY_COLUMNS)
        .eq('user_id', userId)
        .is('deleted_at', null)
        .order('next_renewal_date', { ascending: true }),
    z.array(userPolicySchema),
  );
}
