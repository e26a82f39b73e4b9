import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from './env';

/**
 * Storage requests skip the browser's HTTP cache both ways: a document's file must not be
 * served from it after its share is revoked or the document deleted (the app keeps its own
 * offline copy in IndexedDB, removed with the share). The rest goes to fetch unchanged.
 */
export function fetchWithoutStorageCache(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const storage = new URL(url, 'http://localhost').pathname.startsWith('/storage/v1/');
  return fetch(input, storage ? { ...init, cache: 'no-store' } : init);
}

/** The one Supabase client's settings; src/lib/supabase.ts loads this module on first use. */
export function createAppClient(): SupabaseClient {
  const env = getEnv();
  return createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'implicit',
    },
    global: { fetch: fetchWithoutStorageCache },
  });
}
