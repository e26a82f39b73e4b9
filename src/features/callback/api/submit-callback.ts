import { callbackInputSchema, type CallbackValues } from '@/domain/schemas';
import { getSupabase } from '@/lib/supabase';

export type CallbackRequest = CallbackValues;

export type SubmitCallbackResult = { ok: true } | { ok: false; reason: 'offline' | 'failed' };

function looksOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Stores a callback request. No `.select()` after the insert: visitors may create a request but
 * are not allowed to read any back, so asking for the row would turn a success into an error.
 */
export async function submitCallback(request: CallbackRequest): Promise<SubmitCallbackResult> {
  if (looksOffline()) return { ok: false, reason: 'offline' };
  try {
    const { name, phone, city, product } = callbackInputSchema.parse(request);
    const supabase = await getSupabase();
    const { error, status } = await supabase
      .from('callbacks')
      .insert({ name, phone, city, product });
    if (!error) return { ok: true };
    console.error('Callback request failed', error);
    // supabase-js reports a request that never reached the server as status 0.
    return { ok: false, reason: status === 0 || looksOffline() ? 'offline' : 'failed' };
  } catch (error) {
    // Loading the client chunk or the request itself failed before any response arrived.
    console.error('Callback request failed', error);
    return {
      ok: false,
      reason: error instanceof TypeError || looksOffline() ? 'offline' : 'failed',
    };
  }
}
