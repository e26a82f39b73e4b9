import type { SupabaseClient } from '@supabase/supabase-js';

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
 * The one Supabase client. It is loaded on first use so supabase-js stays out of the initial
 * bundle of pages that never need it (the home page, guides, calculators).
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (clientPromise) return clientPromise;
  // The client's settings come with supabase-js, in the chunk that loads it (issue 22).
  clientPromise = import('./supabase-client').then(({ createAppClient }) => createAppClient());
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
