import { z } from 'zod';
import { call, type ApiResult } from './call';
import { userSearchRowSchema, type AdminUser } from './schemas';

export interface UserPage {
  users: AdminUser[];
  total: number;
}

/** One page of non-admin accounts, newest first, optionally filtered by an email fragment. */
export async function searchUsers(params: {
  search: string;
  limit: number;
  offset: number;
}): Promise<ApiResult<UserPage>> {
  const result = await call(
    (db) =>
      db.rpc('admin_search_users', {
        search: params.search.trim() || null,
        page_size: params.limit,
        page_offset: params.offset,
      }),
    z.array(userSearchRowSchema),
  );
  if (!result.ok) return result;
  const rows = result.data;
  return {
    ok: true,
    data: {
      users: rows.map(({ total_count: _total, ...user }) => user),
      // A page past the end has no rows to carry the total; the caller then steps back.
      total: rows[0]?.total_count ?? 0,
    },
  };
}
