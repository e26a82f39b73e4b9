import { call, type ApiResult } from './call';
import { deletedIdsSchema } from './schemas';

/**
 * Deletes the selected requests and answers how many the database really removed, so the
 * toast never claims more than happened (a row someone else deleted meanwhile is not counted).
 */
export async function deleteCallbacks(ids: readonly string[]): Promise<ApiResult<number>> {
  if (ids.length === 0) return { ok: true, data: 0 };
  const result = await call(
    (db) =>
      db
        .from('callbacks')
        .delete()
        .in('id', [...ids])
        .select('id'),
    deletedIdsSchema,
  );
  return result.ok ? { ok: true, data: result.data.length } : result;
}
