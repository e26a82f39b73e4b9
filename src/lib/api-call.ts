import type { SupabaseClient } from '@supabase/supabase-js';
import type { z } from 'zod';
import { describeDbError } from '@/domain/admin';
import { getSupabase } from '@/lib/supabase';

/** What a screen needs from a failed call: the server's message for the toast, and
 * its code to recognise cases with their own message (23505 duplicate, PGRST116 no row). */
export interface ApiError {
  /** For the admin: the server's words, or describeDbError's English sentence for them. */
  message: string;
  code: string | null;
  /**
   * The server's (or the browser's) own words, before any description: a consumer screen
   * gives them as the detail of a sentence in the user's language.
   */
  words?: string;
}

/** The code of an answer that did not parse (no server gives it). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

interface PostgrestLikeResponse {
  data: unknown;
  error: { message: string; code?: string } | null;
  count?: number | null;
}

export function failure(message: string, code: string | null = null): ApiResult<never> {
  return {
    ok: false,
    error: { message: describeDbError({ message, code }), code, words: message },
  };
}

/** A thrown error (the network, mostly) as a failure. */
export function thrown(error: unknown): ApiResult<never> {
  return failure(error instanceof Error ? error.message : 'Network request failed');
}

/**
 * Runs one request with the shared client and parses the answer with `schema`, so a screen
 * only ever sees validated rows. Network failures and unexpected shapes become ApiErrors
 * rather than exceptions: every call ends in a message, never in an error boundary.
 */
export async function call<S extends z.ZodType>(
  request: (db: SupabaseClient) => PromiseLike<PostgrestLikeResponse>,
  schema: S,
  pick: (response: PostgrestLikeResponse) => unknown = (r) => r.data,
): Promise<ApiResult<z.output<S>>> {
  try {
    const db = await getSupabase();
    const response = await request(db);
    if (response.error) {
      return failure(response.error.message || 'Request failed', response.error.code ?? null);
    }
    const parsed = schema.safeParse(pick(response));
    if (!parsed.success) {
      console.error('Unexpected response from the server', parsed.error);
      return failure('The server sent an unexpected response.', UNEXPECTED_RESPONSE);
    }
    return { ok: true, data: parsed.data };
  } catch (error) {
    return thrown(error);
  }
}
