import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';
import type { AuthClient } from './auth-store';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/** A stand-in for the Supabase client: tests emit auth events and script the RPC answer. */
export function createFakeClient(options: { isAdmin?: boolean; rpcStatus?: number } = {}) {
  const listeners = new Set<Listener>();
  const client = {
    auth: {
      onAuthStateChange: vi.fn((callback: Listener) => {
        listeners.add(callback);
        return { data: { subscription: { unsubscribe: () => listeners.delete(callback) } } };
      }),
      signOut: vi.fn(async (): Promise<{ error: { message: string } | null }> => {
        emit('SIGNED_OUT', null);
        return { error: null };
      }),
      getSession: vi.fn(async () => ({ data: { session: null }, error: null })),
      startAutoRefresh: vi.fn(async () => {}),
      stopAutoRefresh: vi.fn(async () => {}),
    },
    rpc: vi.fn(async () => {
      const status = options.rpcStatus ?? 200;
      if (status !== 200) return { data: null, error: { message: 'Failed to fetch' }, status };
      return { data: options.isAdmin ?? false, error: null, status };
    }),
  } satisfies AuthClient;

  function emit(event: AuthChangeEvent, session: Session | null) {
    for (const listener of listeners) listener(event, session);
  }

  return { client, emit };
}

export function fakeSession(
  overrides: { id?: string; email?: string; provider?: string } = {},
): Session {
  const { id = 'user-1', email = 'user@example.com', provider = 'email' } = overrides;
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id,
      email,
      aud: 'authenticated',
      created_at: new Date(0).toISOString(),
      app_metadata: { provider },
      user_metadata: {},
    },
  };
}

export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
