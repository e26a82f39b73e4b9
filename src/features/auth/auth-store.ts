import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { authUserFromSession, parseStoredSession, type AuthUser } from '@/domain/auth';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { AuthConnection } from './auth-connection';

export interface AuthSnapshot {
  /** True until the first session check has finished; guarded screens wait on it. */
  loading: boolean;
  user: AuthUser | null;
  isAdmin: boolean;
  /**
   * False when the server could not be asked whether this user is the admin (offline) and no
   * earlier answer is cached: `isAdmin` is then a guess, and nobody may be turned away on it.
   */
  adminVerified: boolean;
}

export type SignInKind = 'login' | 'signup' | 'admin';

/** Returns false to cancel the sign-out (e.g. the user chose to keep unsent tracker changes). */
export type BeforeSignOutHook = () => Promise<boolean>;

interface RpcResult {
  data: unknown;
  error: { message: string } | null;
  status: number;
}

/** The slice of the Supabase client the store uses; narrow so tests can hand in a fake. */
export interface AuthClient {
  auth: {
    onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
      data: { subscription: { unsubscribe(): void } };
    };
    signOut(options?: {
      scope?: 'global' | 'local' | 'others';
    }): Promise<{ error: { message: string } | null }>;
    getSession(): Promise<unknown>;
    startAutoRefresh(): Promise<void>;
    stopAutoRefresh(): Promise<void>;
  };
  rpc(fn: 'is_admin'): PromiseLike<RpcResult>;
}

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

export interface AuthStoreOptions {
  loadClient: () => Promise<AuthClient>;
  /** Applies a navigation decided by an auth event; `href` is always a same-site path. */
  navigate: (href: string) => void;
  /** The session supabase-js persisted (raw JSON), read without loading supabase-js. */
  readStoredSession: () => string | null;
  /** Per-tab cache of the admin answer, so a reload neither waits for nor flashes on it. */
  adminCache: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  location: () => LocationLike;
  isOnline: () => boolean;
  /**
   * With a stored session but no answer from supabase-js after this long (it retries a failed
   * token refresh for up to 30 s when offline), carry on with the stored user.
   */
  offlineSettleMs?: number;
  /** Removes an OAuth error from the address bar once it has been shown. */
  clearUrlFragment?: () => void;
  /**
   * When given, a visitor with no stored session and no sign-in coming back in the address is
   * signed out at once, without loading supabase-js (about 45 KB and a long task on a cheap
   * phone, for nothing). The store connects as soon as any part of the app asks for the client
   * (a sign-in form, a page reading the database) or another tab signs in. Without it the
   * client loads at start.
   */
  lazyClient?: {
    onRequested: (listener: () => void) => () => void;
    onStoredSessionChange: (listener: () => void) => () => void;
  };
}

/**
 * Signing out needs code this device does not have (offline before it was cached): said in
 * words from the catalog every page loads, not as the browser's module-loading error.
 */
export function signOutOffline(): void {
  toast({
    title: i18n._('auth.toast.signOutFailed'),
    description: i18n._('auth.toast.signOutOffline'),
    variant: 'destructive',
  });
}

/** A sign-in (implicit or PKCE), a recovery link or an OAuth error that supabase-js must read. */
function authInAddress({ hash, search }: LocationLike): boolean {
  return /(?:^|[#&])(?:access_token|error)=/.test(hash) || /[?&](?:code|error)=/.test(search);
}

export const ADMIN_CACHE_PREFIX = 'bimaguide.is-admin:';
const DEFAULT_OFFLINE_SETTLE_MS = 4000;

export const signedOut: AuthSnapshot = {
  loading: false,
  user: null,
  isAdmin: false,
  adminVerified: true,
};

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.id === b.id && a.email === b.email && a.provider === b.provider;
}

export class AuthStore {
  private snapshot: AuthSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly settleWaiters: ((snapshot: AuthSnapshot) => void)[] = [];
  private readonly beforeSignOutHooks = new Set<BeforeSignOutHook>();
  private clientPromise: Promise<AuthClient> | null = null;
  private connectionPromise: Promise<AuthConnection> | null = null;
  /** Set while this page itself created the session, so SIGNED_IN means a real sign-in. */
  private freshSignIn: SignInKind | 'redirect' | null = null;
  private readonly cleanups: (() => void)[] = [];
  private redirectErrorReported = false;
  /** Counts start() calls; a start that was stopped (React's strict mode) must not connect. */
  private runs = 0;
  private activeRun = 0;
  private connectedRun = 0;

  constructor(private readonly options: AuthStoreOptions) {
    const stored = parseStoredSession(options.readStoredSession());
    const user = stored ? authUserFromSession(stored) : null;
    const cached = user ? this.readAdminCache(user.id) : undefined;
    // The stored user is shown at once (no "Login" button flashing on reload), but loading stays
    // true so guards still wait for supabase-js to confirm the session.
    this.snapshot = {
      loading: true,
      user,
      isAdmin: cached ?? false,
      adminVerified: cached !== undefined,
    };
    const { hash } = options.location();
    if (hash.includes('access_token=') && !hash.includes('type=recovery')) {
      this.freshSignIn = 'redirect';
    }
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves with the first settled state (immediately when already settled). */
  whenSettled = (): Promise<AuthSnapshot> => {
    if (!this.snapshot.loading) return Promise.resolve(this.snapshot);
    return new Promise((resolve) => this.settleWaiters.push(resolve));
  };

  /** supabase-js, loaded once; a failed load (offline before it was cached) is tried again next time. */
  client = (): Promise<AuthClient> => {
    if (this.clientPromise) return this.clientPromise;
    const attempt = this.options.loadClient();
    this.clientPromise = attempt;
    attempt.catch(() => {
      if (this.clientPromise === attempt) this.clientPromise = null;
    });
    return attempt;
  };

  /**
   * The half that talks to supabase-js (auth-connection.ts), loaded beside it: signed-out
   * pages never load either. A failed load (offline before it was cached) is tried again later.
   */
  private connection(): Promise<AuthConnection> {
    this.connectionPromise ??= import('./auth-connection').then(
      ({ AuthConnection }) =>
        new AuthConnection({
          options: this.options,
          snapshot: this.getSnapshot,
          set: (next) => this.set(next),
          client: this.client,
          storedUser: () => this.storedUser(),
          settleAs: (user) => this.settleAs(user),
          readAdminCache: (userId) => this.readAdminCache(userId),
          freshSignIn: () => this.freshSignIn,
          endSignIn: () => this.endSignIn(),
          beforeSignOut: this.beforeSignOut,
        }),
      (error: unknown) => {
        this.connectionPromise = null;
        throw error;
      },
    );
    return this.connectionPromise;
  }

  /** Started and not stopped since (the app's entry starts the browser's before React). */
  get running(): boolean {
    return this.activeRun !== 0;
  }

  /** Starts loading supabase-js and listening; returns the teardown. */
  start(): () => void {
    this.reportRedirectError();
    const stored = this.snapshot.user;
    if (stored) {
      const settleFromStorage = () => {
        if (this.snapshot.loading) this.settleWithStoredUser();
      };
      if (!this.options.isOnline()) settleFromStorage();
      const timer = setTimeout(
        settleFromStorage,
        this.options.offlineSettleMs ?? DEFAULT_OFFLINE_SETTLE_MS,
      );
      this.cleanups.push(() => clearTimeout(timer));
    }

    const run = ++this.runs;
    this.activeRun = run;
    const lazy = this.options.lazyClient;
    if (!stored && lazy && !authInAddress(this.options.location())) {
      this.set(signedOut);
      const connect = () => this.connect(run);
      this.cleanups.push(lazy.onRequested(connect), lazy.onStoredSessionChange(connect));
    } else {
      this.connect(run);
    }

    return () => {
      if (this.activeRun === run) this.activeRun = 0;
      for (const cleanup of this.cleanups.splice(0)) cleanup();
    };
  }

  /** Loads supabase-js and the connection (once per start, side by side) and follows its auth events. */
  private connect(run: number): void {
    if (this.activeRun !== run || this.connectedRun === run) return;
    this.connectedRun = run;
    Promise.all([this.client(), this.connection()]).then(
      ([client, connection]) => {
        if (this.activeRun !== run) return;
        this.cleanups.push(connection.follow(client));
      },
      (error: unknown) => {
        // supabase-js could not be loaded (offline before it was ever cached, or no backend
        // configured). Public pages keep working; the stored user, if any, stays signed in.
        console.error('Auth client failed to load', error);
        if (this.storedUser()) this.settleWithStoredUser();
        else this.set(signedOut);
      },
    );
  }

  beginSignIn(kind: SignInKind): void {
    this.freshSignIn = kind;
  }

  endSignIn(): void {
    this.freshSignIn = null;
  }

  registerBeforeSignOut = (hook: BeforeSignOutHook): (() => void) => {
    this.beforeSignOutHooks.add(hook);
    return () => this.beforeSignOutHooks.delete(hook);
  };

  /** Asks every registered hook in turn; any false cancels the sign-out. */
  beforeSignOut = async (): Promise<boolean> => {
    for (const hook of this.beforeSignOutHooks) {
      if (!(await hook())) return false;
    }
    return true;
  };

  /** The user's own sign-out from the account menu. */
  signOut = async (): Promise<void> => {
    let connection: AuthConnection;
    try {
      connection = await this.connection();
    } catch {
      // Loaded at start for every signed-in user and precached, so this is offline with neither;
      // the server could not have been reached anyway.
      signOutOffline();
      return;
    }
    await connection.signOut();
  };

  /**
   * A signed-in non-admin reached /admin: clear the state now (so the login page does not see
   * a user), tell them, and end the session on the server. The caller redirects to /login.
   */
  denyAccess = async (): Promise<void> => (await this.connection()).denyAccess();

  /** Asks the server again whether the current user is the admin (the cached answer is dropped). */
  recheckAdmin = async (): Promise<AuthSnapshot> => (await this.connection()).recheckAdmin();

  private readAdminCache(userId: string): boolean | undefined {
    const value = this.options.adminCache?.getItem(ADMIN_CACHE_PREFIX + userId);
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  }

  private storedUser(): AuthUser | null {
    const stored = parseStoredSession(this.options.readStoredSession());
    return stored ? authUserFromSession(stored) : null;
  }

  private settleWithStoredUser(): void {
    const user = this.storedUser();
    if (user) this.settleAs(user);
  }

  /** Settled as `user`, the admin answer this tab has cached, or an unverified "no". */
  private settleAs(user: AuthUser): void {
    const cached = this.readAdminCache(user.id);
    this.set({
      loading: false,
      user,
      isAdmin: cached ?? false,
      adminVerified: cached !== undefined,
    });
  }

  /** Google came back to /login with an error instead of a session. */
  private reportRedirectError(): void {
    if (this.redirectErrorReported) return;
    this.redirectErrorReported = true;
    const { hash, search, pathname } = this.options.location();
    if (pathname !== '/login') return;
    const description =
      new URLSearchParams(hash.replace(/^#/, '')).get('error_description') ??
      new URLSearchParams(search).get('error_description');
    if (!description) return;
    void this.connection().then(
      (connection) => connection.reportRedirectError(description),
      (error: unknown) => console.error('Google sign-in failed:', description, error),
    );
    // Dropped at once, so a reload does not report it again (and supabase-js, loading beside
    // the connection, has nothing to parse).
    this.options.clearUrlFragment?.();
  }

  private set(next: AuthSnapshot): void {
    const current = this.snapshot;
    const changed =
      current.loading !== next.loading ||
      current.isAdmin !== next.isAdmin ||
      current.adminVerified !== next.adminVerified ||
      !sameUser(current.user, next.user);
    if (!changed) return;
    this.snapshot = next;
    if (!next.loading) {
      for (const resolve of this.settleWaiters.splice(0)) resolve(next);
    }
    for (const listener of this.listeners) listener();
  }
}
