import { call } from './call';
import { adminUserSchema } from './schemas';

/** One account by id (admin only); PGRST116 when there is no such user. */
export function fetchUser(userId: string) {
  return call((db) => db.rpc('admin_get_user', { user_id: userId }).single(), adminUserSchema);
}
