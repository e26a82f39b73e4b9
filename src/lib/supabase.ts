import type { SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from './env';

let clientPromise: Promise<SupabaseClient> | undefined;

/**
 * The one Supabase client. It is loaded on first use so supabase-js stays out of the initial
 * bundle of pages that never need it (the home page, guides, calculators).
 */
export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const env = getEnv();
    return createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
      },
    });
  });
  return clientPromise;
}
