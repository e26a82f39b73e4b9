import { call, failure, type ApiResult } from './call';
import { deletedIdsSchema } from './schemas';

/**
 * Deletes one row of a table the admin can read afterwards (news, glossary, faqs, global
 * policy types). RLS turns a refused delete into "0 rows", not an error, so the row count
 * is checked to tell the admin the truth.
 */
export async function deleteById(
  table: 'news' | 'glossary' | 'faqs' | 'policy_types',
  id: string,
): Promise<ApiResult<null>> {
  const result = await call(
    (db) => db.from(table).delete().eq('id', id).select('id'),
    deletedIdsSchema,
  );
  if (!result.ok) return result;
  if (result.data.length === 0) {
    return failure('Nothing was deleted: it no longer exists or you may not delete it.');
  }
  return { ok: true, data: null };
}
