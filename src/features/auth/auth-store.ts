import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import {
  authNavigationTarget,
  authUserFromSession,
  parseStoredSession,
  type AuthUser,
} from '@/domain/auth';
import { i18n, loadCatalogPart } from '@/lib/i18n';
import { toast, type ToastInput } from '@/lib/toast';

/**
 * A refusal from GoTrue in words. The words and the patterns that pick them are in the sign-in
 * screens' catalog part and module, loaded with the first error (issue 22: not in every page's
 * first download); offline before they were ever loaded, the server's own words.
 */
async function errorText(message: string): Promise<string> {
  try {
    const [{ authErrorText }] = await Promise.all([
      import('./auth-error-text'),
      loadCatalogPart('account'),
    ]);
    return authErrorText(message);
  } catch {
    return message;
  }
}

/**
 * The store's own toasts (signed in, signed out, access denied): their texts are in the sign-in
 * screens' catalog part too, loaded first. Signing in loads it anyway, and the tracker's cache
 * group keeps it offline; should it still fail, the toast shows as it can.
 */
async function accountToast(input: () => ToastInput): Promise<void> {
  await loadCatalogPart('account').catch(() => undefined);
  toast(input());
}

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

/** A sign-in (implicit or PKCE), a recovery link or an OAuth error that supabase-js must read. */
function authInAddress({ hash, search }: LocationLike): boolean {
  return /(?:^|[#&])(?:access_token|error)=/.test(hash) || /[?&](?:code|error)=/.test(search);
}

const ADMIN_CACHE_PREFIX = 'bimaguide.is-admin:';
const DEFAULT_OFFLINE_SETTLE_MS = 4000;

interface AdminAnswer {
  isAdmin: boolean;
  verified: boolean;
}

const signedOut: AuthSnapshot = { loading: false, user: null, isAdmin: false, adminVerified: true };

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
  private eventQueue: Promise<void> = Promise.resolve();
  /** Set while this page itself created the session, so SIGNED_IN means a real sign-in. */
  private freshSignIn: SignInKind | 'redirect' | null = null;
  /** The guard's forced sign-out sends the user to /login itself; the SIGNED_OUT default is '/'. */
  private suppressSignedOutNavigation = false;
  private readonly cleanups: (() => void)[] = [];
  private redirectErrorReported = false;
  /** Bumped when access is denied; events carry the value current when supabase-js sent them. */
  private denialEpoch = 0;
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

  client = (): Promise<AuthClient> => {
    this.clientPromise ??= this.options.loadClient();
    return this.clientPromise;
  };

  /** Starts loading supabase-js and listening; returns the teardown. */
  start(): () => void {
    this.reportRedirectError();
    const stored = this.snapshot.user;
    if (stored) {
      const settleFromStorage = () => {
        if (this.snapshot.loading && this.storedUser()) this.settleWithStoredUser();
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

  /** Loads supabase-js (once per start) and follows its auth events. */
  private connect(run: number): void {
    if (this.activeRun !== run || this.connectedRun === run) return;
    this.connectedRun = run;
    this.client().then(
      (client) => {
        if (this.activeRun !== run) return;
        const { data } = client.auth.onAuthStateChange((event, session) => {
          const epoch = this.denialEpoch;
          // Deferred: supabase-js awaits listeners inside its own calls, and the handler calls
          // back into the client (is_admin), which must not run inside that call.
          setTimeout(() => this.enqueue(() => this.handleEvent(event, session, epoch)), 0);
        });
        this.cleanups.push(() => data.subscription.unsubscribe());
        this.wireRefresh(client);
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

  hasBeforeSignOut(): boolean {
    return this.beforeSignOutHooks.size > 0;
  }

  /** The user's own sign-out from the account menu. */
  signOut = async (): Promise<void> => {
    if (!(await this.beforeSignOut())) return;
    let message: string | null = null;
    try {
      const client = await this.client();
      const { error } = await client.auth.signOut();
      if (error) message = error.message;
    } catch (error) {
      message = error instanceof Error ? error.message : 'Network request failed';
    }
    if (message !== null) {
      // First: the title's text comes with the error texts' catalog part.
      const description = await errorText(message);
      toast({ title: i18n._('auth.toast.signOutFailed'), description, variant: 'destructive' });
      return;
    }
    await accountToast(() => ({
      title: i18n._('auth.toast.signedOut'),
      description: i18n._('auth.toast.signedOutDetail'),
    }));
  };

  /**
   * A signed-in non-admin reached /admin: clear the state now (so the login page does not see
   * a user), tell them, and end the session on the server. The caller redirects to /login.
   */
  denyAccess = async (): Promise<void> => {
    const user = this.snapshot.user;
    if (user) this.options.adminCache?.removeItem(ADMIN_CACHE_PREFIX + user.id);
    this.suppressSignedOutNavigation = true;
    this.denialEpoch += 1;
    this.set(signedOut);
    void accountToast(() => ({
      title: i18n._('auth.toast.accessDenied'),
      description: i18n._('auth.toast.accessDeniedDetail'),
      variant: 'destructive',
    }));
    try {
      const client = await this.client();
      const { error } = await client.auth.signOut();
      if (error) await client.auth.signOut({ scope: 'local' });
    } catch (error) {
      console.error('Sign-out after access denied failed', error);
    } finally {
      // Queued behind any SIGNED_OUT this sign-out produced, so that one is still suppressed.
      setTimeout(
        () =>
          this.enqueue(async () => {
            this.suppressSignedOutNavigation = false;
          }),
        0,
      );
    }
  };

  /** Asks the server again whether the current user is the admin (the cached answer is dropped). */
  recheckAdmin = async (): Promise<AuthSnapshot> => {
    const user = this.snapshot.user;
    if (!user) return this.snapshot;
    this.options.adminCache?.removeItem(ADMIN_CACHE_PREFIX + user.id);
    const admin = await this.resolveAdmin(user);
    if (this.snapshot.user?.id === user.id) {
      this.set({ ...this.snapshot, isAdmin: admin.isAdmin, adminVerified: admin.verified });
    }
    return this.snapshot;
  };

  private enqueue(task: () => Promise<void>): void {
    this.eventQueue = this.eventQueue.then(task).catch((error: unknown) => {
      console.error('Auth event handling failed', error);
    });
  }

  private async handleEvent(
    event: AuthChangeEvent,
    session: Session | null,
    epoch: number,
  ): Promise<void> {
    let user = authUserFromSession(session);
    // A session reported before access was denied must not sign the user back in.
    if (user && epoch !== this.denialEpoch) return;

    if (!user && event === 'INITIAL_SESSION') {
      // supabase-js reports no session when the access token expired and the refresh could not
      // reach the server, yet keeps the session stored for later. Offline is not signed out.
      const kept = this.storedUser();
      if (kept) {
        this.settleWithStoredUser();
        return;
      }
    }

    if (!user) {
      if (event !== 'SIGNED_OUT' && event !== 'INITIAL_SESSION') return;
      const previous = this.snapshot.user;
      if (previous) this.options.adminCache?.removeItem(ADMIN_CACHE_PREFIX + previous.id);
      this.set(signedOut);
      if (event === 'SIGNED_OUT') {
        if (this.suppressSignedOutNavigation) {
          this.suppressSignedOutNavigation = false;
          return;
        }
        this.navigateFor(event, false, false);
      }
      return;
    }

    if (event === 'SIGNED_OUT') return;

    const known = this.snapshot.user?.id === user.id && !this.snapshot.loading;
    if (this.snapshot.loading) {
      // The first answer settles the store before the admin check: a signed-in page (the
      // dashboard's cold open) needs the session, not the admin answer, and the admin guard
      // asks again while that answer is unverified, joining the check already under way.
      this.settleAs(user);
    }
    const admin =
      known && this.snapshot.adminVerified
        ? { isAdmin: this.snapshot.isAdmin, verified: true }
        : await this.resolveAdmin(user);
    // A later event may have replaced the user while the admin check ran.
    user = authUserFromSession(session);
    if (!user) return;
    this.set({ loading: false, user, isAdmin: admin.isAdmin, adminVerified: admin.verified });

    const fresh = this.freshSignIn;
    const moved = this.navigateFor(event, true, fresh !== null);
    if (moved && fresh !== null && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) {
      this.freshSignIn = null;
      void accountToast(() =>
        fresh === 'signup'
          ? {
              title: i18n._('auth.toast.signUpDone'),
              description: i18n._('auth.toast.redirecting'),
            }
          : {
              title: i18n._('auth.toast.loginDone'),
              description: i18n._('auth.toast.redirecting'),
            },
      );
    }
  }

  private navigateFor(event: AuthChangeEvent, signedIn: boolean, fresh: boolean): boolean {
    const { pathname, search } = this.options.location();
    const target = authNavigationTarget({
      event,
      pathname,
      search,
      signedIn,
      isAdmin: this.snapshot.isAdmin,
      fresh,
    });
    if (target === null) return false;
    if (target !== pathname) this.options.navigate(target);
    return true;
  }

  /** One is_admin request per user at a time: the settling session and the admin guard share it. */
  private adminCheck: { userId: string; answer: Promise<AdminAnswer> } | null = null;

  private resolveAdmin(user: AuthUser): Promise<AdminAnswer> {
    const cached = this.readAdminCache(user.id);
    if (cached !== undefined) return Promise.resolve({ isAdmin: cached, verified: true });
    if (this.adminCheck?.userId === user.id) return this.adminCheck.answer;
    const answer = this.askAdmin(user).finally(() => {
      if (this.adminCheck?.answer === answer) this.adminCheck = null;
    });
    this.adminCheck = { userId: user.id, answer };
    return answer;
  }

  private async askAdmin(user: AuthUser): Promise<AdminAnswer> {
    try {
      const client = await this.client();
      const { data, error, status } = await client.rpc('is_admin');
      if (error) {
        // No answer (network, server down) is not a "no": leave it unverified.
        const unreachable = status === 0 || status >= 500;
        return { isAdmin: false, verified: !unreachable };
      }
      const isAdmin = data === true;
      this.options.adminCache?.setItem(ADMIN_CACHE_PREFIX + user.id, String(isAdmin));
      return { isAdmin, verified: true };
    } catch {
      return { isAdmin: false, verified: false };
    }
  }

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

  /**
   * supabase-js refreshes tokens on a timer; only a visible tab should do it, and a tab coming
   * back must re-check a session that may have expired meanwhile. Taking this over from
   * supabase-js's own visibility handling keeps the rule in one visible place.
   */
  private wireRefresh(client: AuthClient): void {
    if (typeof document === 'undefined') return;
    const recheck = () => {
      void client.auth.getSession().catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void client.auth.startAutoRefresh().then(recheck, recheck);
      } else {
        void client.auth.stopAutoRefresh().catch(() => undefined);
      }
    };
    const onOnline = () => {
      // The refresh that failed while offline is retried now rather than at the next tick.
      if (document.visibilityState === 'visible') recheck();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    onVisibility();
    this.cleanups.push(() => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
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
    void errorText(description).then((text) =>
      toast({
        title: i18n._('auth.toast.googleFailed'),
        description: text,
        variant: 'destructive',
      }),
    );
    // Dropped so a reload does not report it again (and supabase-js has nothing to parse).
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
