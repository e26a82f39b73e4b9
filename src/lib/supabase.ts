import type { SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from './env';

let clientPromise: Promise<SupabaseClient> | undefined;
const requestListeners = new Set<() => void>();

/**
 * Calls `listener` once, when some part of the app first asks for the client (at once if one
 * already has). Auth uses it to start following sign-ins only when supabase-js is around.
 */
export function onSupabaseRequested(listener: () => void): () => void {
  if (clientPromise) {
    listener();
    return () => {};
  }
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

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

/**
 * The one Supabase client. It is loaded on first use so supabase-js stays out of the initial
 * bundle of pages that never need it (the home page, guides, calculators).
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (clientPromise) return clientPromise;
  clientPromise = import('@supabase/supabase-js').then(({ createClient }) => {
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
  });
  const requested = clientPromise;
  // Its chunk can fail to load (offline before the service worker cached it); forget the
  // failure so the next call, after reconnecting, loads it instead of failing for good.
  requested.catch(() => {
    if (clientPromise === requested) clientPromise = undefined;
  });
  for (const listener of [...requestListeners]) listener();
  requestListeners.clear();
  return requested;
}
