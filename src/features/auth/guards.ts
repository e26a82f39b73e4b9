import { redirect } from '@tanstack/react-router';
import type { AuthSnapshot } from './auth-store';
import type { AuthState } from './auth-context';

/** Runs `check` on the live auth state, waiting only while the first session check is pending. */
function withSettled(
  auth: AuthState,
  check: (snapshot: AuthSnapshot) => void | Promise<void>,
): void | Promise<void> {
  const now = auth.current();
  // Synchronous when settled, so an already-known user never sees the pending screen.
  if (!now.loading) return check(now);
  return auth.whenSettled().then(check);
}

/** /policy-tracker/*: signed-in users only; others go to /login and come back afterwards. */
export function requireSignedIn(auth: AuthState, href: string): void | Promise<void> {
  return withSettled(auth, (snapshot) => {
    if (!snapshot.user) {
      throw redirect({ to: '/login', search: { redirect: href }, replace: true });
    }
  });
}

export class AdminCheckUnavailableError extends Error {
  constructor() {
    super('We could not confirm your admin access. Check your connection and try again.');
    this.name = 'AdminCheckUnavailableError';
  }
}

/**
 * /admin/*: the admin only. Not signed in → /admin-login. Signed in but not the admin →
 * signed out, told 'Access Denied', sent to /login. The server enforces the same through RLS;
 * this is only the front door.
 */
export function requireAdmin(auth: AuthState, preload: boolean): void | Promise<void> {
  return withSettled(auth, async (snapshot) => {
    if (!snapshot.user) throw redirect({ to: '/admin-login', replace: true });
    if (snapshot.isAdmin) return;
    // Hovering a link must never sign anybody out.
    if (preload) throw redirect({ to: '/login' });
    let latest = snapshot;
    if (!latest.adminVerified) {
      latest = await auth.recheckAdmin();
      if (latest.isAdmin) return;
      if (!latest.user) throw redirect({ to: '/admin-login', replace: true });
      if (!latest.adminVerified) throw new AdminCheckUnavailableError();
    }
    await auth.denyAccess();
    throw redirect({ to: '/login', replace: true });
  });
}
