import { redirectFromSearch } from './safe-redirect';

export type AuthEventName =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface AuthNavigationInput {
  event: AuthEventName;
  /** Where the user is now (`location.pathname`, `location.search`). */
  pathname: string;
  search: string;
  signedIn: boolean;
  isAdmin: boolean;
  /**
   * True when this session was just created by the user on this page: a submitted sign-in or
   * sign-up form, or the landing from Google / an email link. supabase-js also reports
   * SIGNED_IN when it restores a stored session (reload, tab focus); those are not sign-ins.
   */
  fresh: boolean;
}

export const DEFAULT_SIGNED_IN_PATH = '/policy-tracker';
export const ADMIN_HOME_PATH = '/admin';

function signedInHome(isAdmin: boolean, search: string): string {
  if (isAdmin) return ADMIN_HOME_PATH;
  return redirectFromSearch(search) ?? DEFAULT_SIGNED_IN_PATH;
}

/**
 * Where an auth event should take the user (spec §4), or null to stay. Kept pure so the rules
 * are tested without a browser; the auth store applies the answer.
 */
export function authNavigationTarget(input: AuthNavigationInput): string | null {
  const { event, pathname, search, signedIn, isAdmin, fresh } = input;

  if (event === 'PASSWORD_RECOVERY') return '/password-reset';

  if (event === 'SIGNED_OUT') {
    // Already on a sign-in screen: the user is where a signed-out person belongs.
    if (pathname === '/login' || pathname === '/admin-login') return null;
    return '/';
  }

  if (!signedIn) return null;
  if (event !== 'SIGNED_IN' && event !== 'INITIAL_SESSION') return null;

  if (pathname === '/admin-login') {
    // The admin form always continues to /admin (the admin guard turns a non-admin away);
    // someone merely reopening the page while signed in only moves on if they are the admin.
    if (fresh || isAdmin) return ADMIN_HOME_PATH;
    return null;
  }
  if (pathname === '/login') return signedInHome(isAdmin, search);
  return null;
}
