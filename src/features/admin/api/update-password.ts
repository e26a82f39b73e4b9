import { failure, thrown, type ApiResult } from './call';
import { getSupabase } from '@/lib/supabase';

/** Changes the signed-in admin's own password (PUT /auth/v1/user). */
export async function updatePassword(password: string): Promise<ApiResult<null>> {
  try {
    const db = await getSupabase();
    const { error } = await db.auth.updateUser({ password });
    if (error) return failure(error.message, error.code ?? null);
    return { ok: true, data: null };
  } catch (error) {
    return thrown(error);
  }
}
