import { z } from 'zod';
import { call } from './call';

/**
 * Deletes a user's policy. The database turns the DELETE into a tombstone (deleted_at set,
 * server_seq advanced), so the deletion reaches the user's devices on their next sync pull.
 * Because the row is kept, the response reports no deleted rows even on success.
 */
export function deleteUserPolicy(policyId: string) {
  return call((db) => db.from('policies').delete().eq('id', policyId), z.unknown());
}
