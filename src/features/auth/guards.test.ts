import { describe, expect, it, vi } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { signedOutAuth, type AuthState } from './auth-context';
import type { AuthSnapshot } from './auth-store';
import { AdminCheckUnavailableError, requireAdmin, requireSignedIn } from './guards';

const user = { id: 'u1', email: 'u@example.com', provider: 'email' };

function authWith(snapshot: Partial<AuthSnapshot>, overrides: Partial<AuthState> = {}): AuthState {
  const full: AuthSnapshot = {
    loading: false,
    user: null,
    isAdmin: false,
    adminVerified: true,
    ...snapshot,
  };
  return {
    ...signedOutAuth,
    ...full,
    current: () => full,
    whenSettled: async () => full,
    denyAccess: vi.fn(async () => {}),
    ...overrides,
  };
}

function redirectTarget(thrown: unknown): unknown {
  if (!isRedirect(thrown)) throw new Error(`expected a redirect, got ${String(thrown)}`);
  return { to: thrown.options.to, search: thrown.options.search };
}

function catchSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the guard to throw');
}

describe('requireSignedIn', () => {
  it('lets a signed-in user through synchronously', () => {
    expect(requireSignedIn(authWith({ user }), '/policy-tracker')).toBeUndefined();
  });

  it('sends a signed-out visitor to /login with the way back', () => {
    const thrown = catchSync(() => requireSignedIn(authWith({}), '/policy-tracker/new'));
    expect(redirectTarget(thrown)).toEqual({
      to: '/login',
      search: { redirect: '/policy-tracker/new' },
    });
  });

  it('waits for the first session check instead of deciding early', async () => {
    let settle: (snapshot: AuthSnapshot) => void = () => {};
    const loading = authWith(
      { loading: true },
      { whenSettled: () => new Promise<AuthSnapshot>((resolve) => (settle = resolve)) },
    );
    const result = requireSignedIn(loading, '/policy-tracker');
    expect(result).toBeInstanceOf(Promise);
    settle({ loading: false, user, isAdmin: false, adminVerified: true });
    await expect(result).resolves.toBeUndefined();
  });
});

describe('requireAdmin', () => {
  it('sends a signed-out visitor to /admin-login', async () => {
    const thrown = await Promise.resolve(requireAdmin(authWith({}), false)).catch(
      (e: unknown) => e,
    );
    expect(redirectTarget(thrown)).toMatchObject({ to: '/admin-login' });
  });

  it('lets the admin through', async () => {
    await expect(
      Promise.resolve(requireAdmin(authWith({ user, isAdmin: true }), false)),
    ).resolves.toBeUndefined();
  });

  it('signs a non-admin out and sends them to /login', async () => {
    const auth = authWith({ user });
    const thrown = await Promise.resolve(requireAdmin(auth, false)).catch((e: unknown) => e);
    expect(auth.denyAccess).toHaveBeenCalledOnce();
    expect(redirectTarget(thrown)).toMatchObject({ to: '/login' });
  });

  it('never signs anybody out for a hover preload', async () => {
    const auth = authWith({ user });
    const thrown = await Promise.resolve(requireAdmin(auth, true)).catch((e: unknown) => e);
    expect(isRedirect(thrown)).toBe(true);
    expect(auth.denyAccess).not.toHaveBeenCalled();
  });

  it('an unanswerable admin check is an error, not a denial', async () => {
    const unverified: AuthSnapshot = { loading: false, user, isAdmin: false, adminVerified: false };
    const auth = authWith(unverified, { recheckAdmin: vi.fn(async () => unverified) });
    const thrown = await Promise.resolve(requireAdmin(auth, false)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AdminCheckUnavailableError);
    expect(auth.denyAccess).not.toHaveBeenCalled();
  });

  it('an unverified answer that turns out to be the admin lets them in', async () => {
    const auth = authWith(
      { user, adminVerified: false },
      {
        recheckAdmin: async () => ({ loading: false, user, isAdmin: true, adminVerified: true }),
      },
    );
    await expect(Promise.resolve(requireAdmin(auth, false))).resolves.toBeUndefined();
  });
});
