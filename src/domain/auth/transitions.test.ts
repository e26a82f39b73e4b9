import { describe, expect, it } from 'vitest';
import { authNavigationTarget, type AuthNavigationInput } from './transitions';

const base: AuthNavigationInput = {
  event: 'SIGNED_IN',
  pathname: '/login',
  search: '',
  signedIn: true,
  isAdmin: false,
  fresh: true,
};

describe('authNavigationTarget', () => {
  it('sends a signed-in user from /login to the tracker', () => {
    expect(authNavigationTarget(base)).toBe('/policy-tracker');
  });

  it('honours a safe redirect parameter', () => {
    expect(authNavigationTarget({ ...base, search: '?redirect=%2Fpolicy-tracker%2Fnew' })).toBe(
      '/policy-tracker/new',
    );
  });

  it('refuses an external redirect and falls back to the tracker', () => {
    expect(authNavigationTarget({ ...base, search: '?redirect=https://evil.test/' })).toBe(
      '/policy-tracker',
    );
    expect(authNavigationTarget({ ...base, search: '?redirect=//evil.test' })).toBe(
      '/policy-tracker',
    );
  });

  it('sends the admin to /admin whatever the redirect says', () => {
    expect(authNavigationTarget({ ...base, isAdmin: true, search: '?redirect=/faq' })).toBe(
      '/admin',
    );
  });

  it('admin-login always continues to /admin after a sign-in there', () => {
    expect(authNavigationTarget({ ...base, pathname: '/admin-login' })).toBe('/admin');
  });

  it('a restored session on /admin-login only moves the admin on', () => {
    const restored = {
      ...base,
      pathname: '/admin-login',
      fresh: false,
      event: 'INITIAL_SESSION' as const,
    };
    expect(authNavigationTarget(restored)).toBeNull();
    expect(authNavigationTarget({ ...restored, isAdmin: true })).toBe('/admin');
  });

  it('a restored session elsewhere never navigates (reload, tab focus, token refresh)', () => {
    for (const event of [
      'SIGNED_IN',
      'INITIAL_SESSION',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
    ] as const) {
      expect(authNavigationTarget({ ...base, event, pathname: '/news', fresh: false })).toBeNull();
    }
    expect(authNavigationTarget({ ...base, event: 'TOKEN_REFRESHED' })).toBeNull();
  });

  it('password recovery goes to /password-reset', () => {
    expect(authNavigationTarget({ ...base, event: 'PASSWORD_RECOVERY', pathname: '/' })).toBe(
      '/password-reset',
    );
  });

  it('signing out goes home, unless already on a sign-in screen', () => {
    const out = { ...base, event: 'SIGNED_OUT' as const, signedIn: false };
    expect(authNavigationTarget({ ...out, pathname: '/policy-tracker' })).toBe('/');
    expect(authNavigationTarget({ ...out, pathname: '/login' })).toBeNull();
    expect(authNavigationTarget({ ...out, pathname: '/admin-login' })).toBeNull();
  });

  it('nothing happens for a signed-out initial session', () => {
    expect(authNavigationTarget({ ...base, event: 'INITIAL_SESSION', signedIn: false })).toBeNull();
  });
});
