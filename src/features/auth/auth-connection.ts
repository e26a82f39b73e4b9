import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import {
  authNavigationTarget,
  authUserFromSession,
  knownAuthError,
  type AuthUser,
} from '@/domain/auth';
import { i18n, loadCatalogPart } from '@/lib/i18n';
import { toast, type ToastInput } from '@/lib/toast';
import {
  ADMIN_CACHE_PREFIX,
  signedOut,
  signOutOffline,
  type AuthClient,
  type AuthSnapshot,
  type AuthStoreOptions,
  type SignInKind,
} from './auth-store';

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

/** Signing out did not reach the server: said in words. */
async function signOutFailed(message: string): Promise<void> {
  const description = await errorText(message);
  toast({ title: i18n._('auth.toast.signOutFailed'), description, variant: 'destructive' });
}

/**
 * The store's own toasts (signed in, signed out, access denied): their texts are in the sign-in
 * screens' catalog part, loaded first. Signing in loads it anyway, and the tracker's cache
 * group keeps it offline; should it still fail, the toast shows as it can.
 */
async function accountToast(input: () => ToastInput): Promise<void> {
  await loadCatalogPart('account').catch(() => undefined);
  toast(input());
}

interface AdminAnswer {
  isAdmin: boolean;
  verified: boolean;
}

/** What the connection reads and changes of its store (src/features/auth/auth-store.ts). */
export interface AuthStoreHost {
  readonly options: AuthStoreOptions;
  snapshot(): AuthSnapshot;
  set(next: AuthSnapshot): void;
  client(): Promise<AuthClient>;
  /** The user of the session supabase-js keeps stored, if any. */
  storedUser(): AuthUser | null;
  /** Settled as `user`, with the admin answer this tab has cached or an unverified "no". */
  settleAs(user: AuthUser): void;
  readAdminCache(userId: string): boolean | undefined;
  /** Set while this page itself created the session, so SIGNED_IN means a real sign-in. */
  freshSignIn(): SignInKind | 'redirect' | null;
  endSignIn(): void;
  /** The registered pre-sign-out checks; false when the user chose to stay signed in. */
  beforeSignOut(): Promise<boolean>;
}

/**
 * The half of the auth store that talks to supabase-js: its auth events, the admin check,
 * token refresh, signing out and denying access. Loaded with supabase-js (issue 22: a page
 * nobody is signed in on, like the home page, needs none of it in its first download).
 */
export class AuthConnection {
  private eventQueue: Promise<void> = Promise.resolve();
  /** The guard's forced sign-out sends the user to /login itself; the SIGNED_OUT default is '/'. */
  private suppressSignedOutNavigation = false;
  /** Bumped when access is denied; events carry the value current when supabase-js sent them. */
  private denialEpoch = 0;
  /** One is_admin request per user at a time: the settling session and the admin guard share it. */
  private adminCheck: { userId: string; answer: Promise<AdminAnswer> } | null = null;

  constructor(private readonly store: AuthStoreHost) {}

  /** Follows the client's auth events and keeps its token refresh to visible tabs; returns the teardown. */
  follow(client: AuthClient): () => void {
    const { data } = client.auth.onAuthStateChange((event, session) => {
      const epoch = this.denialEpoch;
      // Deferred: supabase-js awaits listeners inside its own calls, and the handler calls
      // back into the client (is_admin), which must not run inside that call.
      setTimeout(() => this.enqueue(() => this.handleEvent(event, session, epoch)), 0);
    });
    const stopRefresh = this.wireRefresh(client);
    return () => {
      data.subscription.unsubscribe();
      stopRefresh();
    };
  }

  /** The user's own sign-out from the account menu. */
  signOut = async (): Promise<void> => {
    if (!(await this.store.beforeSignOut())) return;
    let client: AuthClient;
    try {
      client = await this.store.client();
    } catch {
      signOutOffline();
      return;
    }
    let message: string | null = null;
    try {
      const { error } = await client.auth.signOut();
      if (error) message = error.message;
    } catch (error) {
      message = error instanceof Error ? error.message : 'Network request failed';
    }
    // Offline with the code at hand: the same words as offline without it (online, the server
    // is what failed, said below).
    if (
      message !== null &&
      !this.store.options.isOnline() &&
      knownAuthError(message)?.id === 'auth.error.network'
    ) {
      signOutOffline();
      return;
    }
    if (message !== null) {
      await signOutFailed(message);
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
    const { options } = this.store;
    const user = this.store.snapshot().user;
    if (user) options.adminCache?.removeItem(ADMIN_CACHE_PREFIX + user.id);
    this.suppressSignedOutNavigation = true;
    this.denialEpoch += 1;
    this.store.set(signedOut);
    void accountToast(() => ({
      title: i18n._('auth.toast.accessDenied'),
      description: i18n._('auth.toast.accessDeniedDetail'),
      variant: 'destructive',
    }));
    try {
      const client = await this.store.client();
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
    const user = this.store.snapshot().user;
    if (!user) return this.store.snapshot();
    this.store.options.adminCache?.removeItem(ADMIN_CACHE_PREFIX + user.id);
    const admin = await this.resolveAdmin(user);
    const now = this.store.snapshot();
    if (now.user?.id === user.id) {
      this.store.set({ ...now, isAdmin: admin.isAdmin, adminVerified: admin.verified });
    }
    return this.store.snapshot();
  };

  /** Google came back to /login with this error instead of a session. */
  reportRedirectError = async (description: string): Promise<void> => {
    const text = await errorText(description);
    toast({ title: i18n._('auth.toast.googleFailed'), description: text, variant: 'destructive' });
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
    const { store } = this;
    let user = authUserFromSession(session);
    // A session reported before access was denied must not sign the user back in.
    if (user && epoch !== this.denialEpoch) return;

    if (!user && event === 'INITIAL_SESSION') {
      // supabase-js reports no session when the access token expired and the refresh could not
      // reach the server, yet keeps the session stored for later. Offline is not signed out.
      const kept = store.storedUser();
      if (kept) {
        store.settleAs(kept);
        return;
      }
    }

    if (!user) {
      if (event !== 'SIGNED_OUT' && event !== 'INITIAL_SESSION') return;
      const previous = store.snapshot().user;
      if (previous) store.options.adminCache?.removeItem(ADMIN_CACHE_PREFIX + previous.id);
      store.set(signedOut);
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

    const before = store.snapshot();
    const known = before.user?.id === user.id && !before.loading;
    if (before.loading) {
      // The first answer settles the store before the admin check: a signed-in page (the
      // dashboard's cold open) needs the session, not the admin answer, and the admin guard
      // asks again while that answer is unverified, joining the check already under way.
      store.settleAs(user);
    }
    const admin =
      known && before.adminVerified
        ? { isAdmin: before.isAdmin, verified: true }
        : await this.resolveAdmin(user);
    // A later event may have replaced the user while the admin check ran.
    user = authUserFromSession(session);
    if (!user) return;
    store.set({ loading: false, user, isAdmin: admin.isAdmin, adminVerified: admin.verified });

    const fresh = store.freshSignIn();
    const moved = this.navigateFor(event, true, fresh !== null);
    if (moved && fresh !== null && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) {
      store.endSignIn();
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
    const { options } = this.store;
    const { pathname, search } = options.location();
    const target = authNavigationTarget({
      event,
      pathname,
      search,
      signedIn,
      isAdmin: this.store.snapshot().isAdmin,
      fresh,
    });
    if (target === null) return false;
    if (target !== pathname) options.navigate(target);
    return true;
  }

  private resolveAdmin(user: AuthUser): Promise<AdminAnswer> {
    const cached = this.store.readAdminCache(user.id);
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
      const client = await this.store.client();
      const { data, error, status } = await client.rpc('is_admin');
      if (error) {
        // No answer (network, server down) is not a "no": leave it unverified.
        const unreachable = status === 0 || status >= 500;
        return { isAdmin: false, verified: !unreachable };
      }
      const isAdmin = data === true;
      this.store.options.adminCache?.setItem(ADMIN_CACHE_PREFIX + user.id, String(isAdmin));
      return { isAdmin, verified: true };
    } catch {
      return { isAdmin: false, verified: false };
    }
  }

  /**
   * supabase-js refreshes tokens on a timer; only a visible tab should do it, and a tab coming
   * back must re-check a session that may have expired meanwhile. Taking this over from
   * supabase-js's own visibility handling keeps the rule in one visible place.
   */
  private wireRefresh(client: AuthClient): () => void {
    if (typeof document === 'undefined') return () => {};
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
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }
}
