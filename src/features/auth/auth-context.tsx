import { dropKeptDashboard } from '@/lib/kept-dashboard';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { sessionStorageKey } from '@/domain/auth';
import { getEnv } from '@/lib/env';
import { getSupabase, onSupabaseRequested } from '@/lib/supabase';
import {
  AuthStore,
  type AuthSnapshot,
  type BeforeSignOutHook,
  type SignInKind,
} from './auth-store';

export type { AuthUser } from '@/domain/auth';
export type { AuthSnapshot, BeforeSignOutHook, SignInKind } from './auth-store';

export interface AuthState extends AuthSnapshot {
  signOut: () => Promise<void>;
  /**
   * Runs the registered pre-sign-out checks (e.g. the tracker warning about unsent changes);
   * resolves false when the user chose to stay signed in. `signOut` calls it itself.
   */
  beforeSignOut?: () => Promise<boolean>;
  /** Lets another part of the app (via the router context) veto a sign-out. */
  registerBeforeSignOut: (hook: BeforeSignOutHook) => () => void;
  /** The live state, not this render's copy: route guards run before React re-renders. */
  current: () => AuthSnapshot;
  whenSettled: () => Promise<AuthSnapshot>;
  /** Signs a non-admin out after they reached an admin page (the guard then redirects). */
  denyAccess: () => Promise<void>;
  recheckAdmin: () => Promise<AuthSnapshot>;
  beginSignIn: (kind: SignInKind) => void;
  endSignIn: () => void;
}

const signedOutSnapshot: AuthSnapshot = {
  loading: false,
  user: null,
  isAdmin: false,
  adminVerified: true,
};

/** Used before the provider mounts (and in tests of components that only read auth). */
export const signedOutAuth: AuthState = {
  ...signedOutSnapshot,
  signOut: async () => {},
  registerBeforeSignOut: () => () => {},
  current: () => signedOutSnapshot,
  whenSettled: async () => signedOutSnapshot,
  denyAccess: async () => {},
  recheckAdmin: async () => signedOutSnapshot,
  beginSignIn: () => {},
  endSignIn: () => {},
};

const AuthContext = createContext<AuthState>(signedOutAuth);

/**
 * What a pre-rendered page was built with, and so what the browser's hydrating render must
 * show too: nobody known yet. The stored session takes over right after hydration.
 */
const unknownUserSnapshot: AuthSnapshot = {
  loading: true,
  user: null,
  isAdmin: false,
  adminVerified: false,
};

function readStoredSession(): string | null {
  try {
    return window.localStorage.getItem(sessionStorageKey(getEnv().VITE_SUPABASE_URL));
  } catch {
    // No backend configured, or storage blocked: nothing stored to show.
    return null;
  }
}

function adminCache(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function createBrowserAuthStore(navigate: (href: string) => void): AuthStore {
  const store = new AuthStore({
    loadClient: getSupabase,
    navigate,
    readStoredSession,
    adminCache: adminCache(),
    location: () => window.location,
    isOnline: () => navigator.onLine,
    lazyClient: {
      onRequested: onSupabaseRequested,
      onStoredSessionChange: (listener) => {
        let key: string;
        try {
          key = sessionStorageKey(getEnv().VITE_SUPABASE_URL);
        } catch {
          return () => {};
        }
        // Fired by other tabs only: one of them signed in (or out).
        const onStorage = (event: StorageEvent) => {
          if (event.key === key || event.key === null) listener();
        };
        window.addEventListener('storage', onStorage);
        return () => window.removeEventListener('storage', onStorage);
      },
    },
    clearUrlFragment: () => {
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    },
  });
  // The kept dashboard (src/features/tracker/dashboard-snapshot.ts) is one account's list: gone
  // the moment that account is signed out here or in another tab, its session ends, or another
  // one signs in, whichever page is open.
  let signedIn = store.getSnapshot().user?.id ?? null;
  store.subscribe(() => {
    const user = store.getSnapshot().user?.id ?? null;
    if (signedIn !== null && user !== signedIn) void dropKeptDashboard();
    signedIn = user;
  });
  return store;
}

export function authStateFrom(store: AuthStore, snapshot: AuthSnapshot): AuthState {
  return {
    ...snapshot,
    signOut: store.signOut,
    beforeSignOut: store.beforeSignOut,
    registerBeforeSignOut: store.registerBeforeSignOut,
    current: store.getSnapshot,
    whenSettled: store.whenSettled,
    denyAccess: store.denyAccess,
    recheckAdmin: store.recheckAdmin,
    beginSignIn: (kind) => store.beginSignIn(kind),
    endSignIn: () => store.endSignIn(),
  };
}

interface AuthProviderProps {
  /** Applies navigations decided by auth events (sign-in, sign-out, password recovery). */
  navigate: (href: string) => void;
  children: ReactNode;
  /** Tests hand in a store built around a fake client. */
  store?: AuthStore;
  /** Rendering over a pre-rendered page (or pre-rendering one). */
  hydrating?: boolean;
}

/**
 * The one auth source. Starts the store on mount: with a stored session (or a sign-in in the
 * address) it loads supabase-js, and until its first session check answers `loading` is true
 * (guarded routes wait, public pages do not); with neither, the visitor is signed out at once.
 */
export function AuthProvider({
  navigate,
  children,
  store: given,
  hydrating = false,
}: AuthProviderProps) {
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [store] = useState(
    () => given ?? createBrowserAuthStore((href) => navigateRef.current(href)),
  );
  // Over a pre-rendered page the first render must match how it was built: nobody known yet.
  const [snapshot, setSnapshot] = useState(() => {
    const current = store.getSnapshot();
    return hydrating && (current.user !== null || !current.loading) ? unknownUserSnapshot : current;
  });
  useEffect(() => {
    // Auth changes re-render the header and re-run guards. As a transition that work yields to
    // the browser, and it never forces a pre-rendered part to hydrate in one long task.
    const publish = () => startTransition(() => setSnapshot(store.getSnapshot()));
    const unsubscribe = store.subscribe(publish);
    publish();
    // A store started before React (the app's entry, so that routes load first) is followed
    // and left running.
    const stop = store.running ? undefined : store.start();
    return () => {
      unsubscribe();
      stop?.();
    };
  }, [store]);
  const value = useMemo(() => authStateFrom(store, snapshot), [store, snapshot]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
