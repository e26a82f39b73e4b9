import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { AuthStore, type AuthStoreOptions } from './auth-store';
import { createFakeClient, fakeSession, memoryStorage } from './test-fakes';

vi.mock('@/lib/toast', () => ({ toast: vi.fn(() => 'id'), dismissToasts: vi.fn() }));

const toastMock = vi.mocked(toast);

const chunkFailure =
  'Failed to fetch dynamically imported module: https://site.test/assets/supabase-D4x9.js';

interface Setup {
  path?: string;
  search?: string;
  hash?: string;
  stored?: string | null;
  online?: boolean;
  isAdmin?: boolean;
  rpcStatus?: number;
  /** Passes `lazyClient`, as the browser does. */
  lazy?: boolean;
  /** supabase-js's chunk cannot be loaded (offline before the service worker cached it). */
  clientFails?: boolean;
}

function setup({
  path = '/',
  search = '',
  hash = '',
  stored = null,
  online = true,
  isAdmin,
  rpcStatus,
  lazy = false,
  clientFails = false,
}: Setup = {}) {
  const fake = createFakeClient({ isAdmin, rpcStatus });
  const location = { pathname: path, search, hash };
  const navigate = vi.fn((href: string) => {
    const url = new URL(href, 'https://site.test');
    location.pathname = url.pathname;
    location.search = url.search;
    location.hash = '';
  });
  const storedRef = { value: stored };
  const adminCache = memoryStorage();
  // Stand-ins for "some part of the app asked for supabase-js" and "another tab signed in".
  const requested = new Set<() => void>();
  const storageChanged = new Set<() => void>();
  const subscribe = (set: Set<() => void>) => (listener: () => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };
  // supabase-js's chunk: `fails` until a test brings the device back online.
  const chunk = { fails: clientFails };
  const loadClient = vi.fn(async () => {
    for (const listener of [...requested]) listener();
    if (chunk.fails) throw new TypeError(chunkFailure);
    return fake.client;
  });
  const options: AuthStoreOptions = {
    loadClient,
    ...(lazy && {
      lazyClient: {
        onRequested: subscribe(requested),
        onStoredSessionChange: subscribe(storageChanged),
      },
    }),
    navigate,
    readStoredSession: () => storedRef.value,
    adminCache,
    location: () => location,
    isOnline: () => online,
    offlineSettleMs: 50,
  };
  const store = new AuthStore(options);
  const stop = store.start();
  stops.push(stop);
  const fire = (set: Set<() => void>) => {
    for (const listener of [...set]) listener();
  };
  return {
    store,
    fake,
    navigate,
    location,
    storedRef,
    adminCache,
    loadClient,
    chunk,
    appAsksForClient: () => fire(requested),
    otherTabSignsIn: () => fire(storageChanged),
  };
}

const stops: (() => void)[] = [];

beforeEach(() => {
  toastMock.mockClear();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function settled(store: AuthStore) {
  await vi.waitFor(() => expect(store.getSnapshot().loading).toBe(false));
  return store.getSnapshot();
}

/** Signing out cannot load its code offline: said in words, the user stays signed in. */
async function expectOfflineSignOutSaid(store: AuthStore) {
  await store.signOut();
  expect(toastMock).toHaveBeenCalledExactlyOnceWith({
    title: 'Sign out Failed',
    description: 'You are offline. Sign out again once you are connected.',
    variant: 'destructive',
  });
  expect(store.getSnapshot().user?.id).toBe('user-1');
}

/** Lets deferred event handling run (it is queued behind a zero-delay timer). */
async function flush() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('AuthStore', () => {
  it('is loading until the initial session arrives, settles without waiting for is_admin, then confirms it', async () => {
    const { store, fake, adminCache } = setup();
    expect(store.getSnapshot()).toMatchObject({ loading: true, user: null });
    let answer: (value: { data: boolean; error: null; status: number }) => void = () => {};
    fake.client.rpc.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const waiting = store.whenSettled();
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession({ provider: 'google' }));
    const user = { id: 'user-1', email: 'user@example.com', provider: 'google' };
    // A signed-in page can open while the admin answer is still on its way.
    expect(await waiting).toEqual({ loading: false, user, isAdmin: false, adminVerified: false });
    await vi.waitFor(() => expect(fake.client.rpc).toHaveBeenCalledWith('is_admin'));
    // The admin guard asking meanwhile joins that request rather than sending another.
    const rechecked = store.recheckAdmin();
    // The first answer arrives only once the guard's question is surely under way.
    await flush();
    answer({ data: false, error: null, status: 200 });
    expect(await rechecked).toEqual({ loading: false, user, isAdmin: false, adminVerified: true });
    expect(fake.client.rpc).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(store.getSnapshot()).toEqual({
        loading: false,
        user,
        isAdmin: false,
        adminVerified: true,
      }),
    );
    expect(adminCache.getItem('bimaguide.is-admin:user-1')).toBe('false');
  });

  it('shows a stored user at once but keeps loading until supabase-js confirms', () => {
    const { store } = setup({ stored: JSON.stringify(fakeSession()) });
    expect(store.getSnapshot()).toMatchObject({ loading: true, user: { id: 'user-1' } });
  });

  it('settles signed out when there is no session', async () => {
    const { store, fake, navigate } = setup({ path: '/news' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', null);
    expect(await settled(store)).toMatchObject({ user: null, isAdmin: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a sign-in from the login form goes to the tracker with a toast', async () => {
    const { store, fake, navigate } = setup({ path: '/login' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', null);
    await settled(store);
    store.beginSignIn('login');
    fake.emit('SIGNED_IN', fakeSession());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/policy-tracker'));
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Login Successful',
      description: 'Redirecting to dashboard...',
    });
  });

  it('honours a safe redirect and refuses an external one', async () => {
    const safe = setup({ path: '/login', search: '?redirect=%2Fpolicy-tracker%2Fnew' });
    await vi.waitFor(() => expect(safe.fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    safe.store.beginSignIn('login');
    safe.fake.emit('SIGNED_IN', fakeSession());
    await vi.waitFor(() => expect(safe.navigate).toHaveBeenCalledWith('/policy-tracker/new'));

    const evil = setup({ path: '/login', search: '?redirect=https%3A%2F%2Fevil.test%2F' });
    await vi.waitFor(() => expect(evil.fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    evil.store.beginSignIn('login');
    evil.fake.emit('SIGNED_IN', fakeSession());
    await vi.waitFor(() => expect(evil.navigate).toHaveBeenCalledWith('/policy-tracker'));
  });

  it('sends the admin to /admin', async () => {
    const { store, fake, navigate } = setup({ path: '/login', isAdmin: true });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    store.beginSignIn('login');
    fake.emit('SIGNED_IN', fakeSession());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin'));
    expect(store.getSnapshot().isAdmin).toBe(true);
  });

  it('a sign-up with a session toasts the sign-up, not a login', async () => {
    const { store, fake, navigate } = setup({ path: '/login' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    store.beginSignIn('signup');
    fake.emit('SIGNED_IN', fakeSession());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/policy-tracker'));
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Sign up successful!',
      description: 'Redirecting to dashboard...',
    });
  });

  it('a restored session (reload, tab focus) neither navigates nor toasts', async () => {
    const { store, fake, navigate } = setup({
      path: '/policy-tracker',
      stored: JSON.stringify(fakeSession()),
    });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('SIGNED_IN', fakeSession());
    fake.emit('INITIAL_SESSION', fakeSession());
    await settled(store);
    fake.emit('TOKEN_REFRESHED', fakeSession());
    fake.emit('SIGNED_IN', fakeSession());
    await flush();
    expect(navigate).not.toHaveBeenCalled();
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('landing from Google counts as a sign-in once', async () => {
    const { fake, navigate } = setup({
      path: '/login',
      hash: '#access_token=abc&refresh_token=def&token_type=bearer',
    });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession({ provider: 'google' }));
    fake.emit('SIGNED_IN', fakeSession({ provider: 'google' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/policy-tracker'));
    await flush();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(toastMock).toHaveBeenCalledTimes(1);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Login Successful' }));
  });

  it('reports a Google error that came back to /login', async () => {
    setup({ path: '/login', hash: '#error=access_denied&error_description=User+cancelled' });
    await vi.waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Google Sign-in Failed',
        description: 'User cancelled',
        variant: 'destructive',
      }),
    );
  });

  it('password recovery opens /password-reset', async () => {
    const { fake, navigate, store } = setup({ path: '/', hash: '#access_token=a&type=recovery' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('PASSWORD_RECOVERY', fakeSession());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/password-reset'));
    expect(store.getSnapshot().user?.id).toBe('user-1');
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('signing out clears the user, toasts and goes home', async () => {
    const { store, fake, navigate, adminCache } = setup({ path: '/policy-tracker' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await settled(store);
    expect(adminCache.getItem('bimaguide.is-admin:user-1')).toBe('false');
    await store.signOut();
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Signed Out',
      description: 'You have been successfully signed out.',
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(store.getSnapshot().user).toBeNull();
    expect(adminCache.getItem('bimaguide.is-admin:user-1')).toBeNull();
  });

  it('a failed sign-out shows the server message and keeps the user', async () => {
    const { store, fake } = setup({ path: '/policy-tracker' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await settled(store);
    fake.client.auth.signOut.mockResolvedValueOnce({
      error: { message: 'Request rate limit reached' },
    });
    await store.signOut();
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Sign out Failed',
      description: 'Request rate limit reached',
      variant: 'destructive',
    });
    expect(store.getSnapshot().user?.id).toBe('user-1');
  });

  it('once back online, signing out loads the code that failed offline and signs out', async () => {
    const stored = JSON.stringify(fakeSession());
    const device = setup({
      path: '/policy-tracker',
      stored,
      online: false,
      lazy: true,
      clientFails: true,
    });
    await expectOfflineSignOutSaid(device.store);
    toastMock.mockClear();
    device.chunk.fails = false;
    device.fake.client.auth.signOut.mockResolvedValueOnce({ error: null });
    await device.store.signOut();
    expect(device.fake.client.auth.signOut).toHaveBeenCalledOnce();
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Signed Out',
      description: 'You have been successfully signed out.',
    });
  });

  it('a sign-out the network did not carry is said as offline, like one without its code', async () => {
    const { store, fake } = setup({ path: '/policy-tracker', online: false });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await settled(store);
    fake.client.auth.signOut.mockResolvedValueOnce({ error: { message: 'Failed to fetch' } });
    await expectOfflineSignOutSaid(store);
  });

  it('offline before supabase-js was cached: sign-out says so in words and keeps the user', async () => {
    const stored = JSON.stringify(fakeSession());
    const { store } = setup({
      path: '/policy-tracker',
      stored,
      online: false,
      lazy: true,
      clientFails: true,
    });
    expect(store.getSnapshot().user?.id).toBe('user-1');
    await expectOfflineSignOutSaid(store);
  });

  it('offline before the sign-out code itself was cached: said the same way, not as the load error', async () => {
    vi.doMock('./auth-connection', () => {
      throw new TypeError(chunkFailure);
    });
    try {
      const stored = JSON.stringify(fakeSession());
      const { store } = setup({ path: '/policy-tracker', stored, online: false, lazy: true });
      await expectOfflineSignOutSaid(store);
    } finally {
      vi.doUnmock('./auth-connection');
    }
  });

  it('a before-sign-out hook can cancel the sign-out', async () => {
    const { store, fake } = setup({ path: '/policy-tracker' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await settled(store);
    const hook = vi.fn(async () => false);
    const unregister = store.registerBeforeSignOut(hook);
    await store.signOut();
    expect(hook).toHaveBeenCalledOnce();
    expect(fake.client.auth.signOut).not.toHaveBeenCalled();
    unregister();
    await store.signOut();
    expect(fake.client.auth.signOut).toHaveBeenCalledOnce();
  });

  it('denying access signs out without the usual trip home', async () => {
    const { store, fake, navigate } = setup({ path: '/admin' });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await settled(store);
    await store.denyAccess();
    expect(store.getSnapshot().user).toBeNull();
    expect(fake.client.auth.signOut).toHaveBeenCalled();
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Access Denied',
      description: 'You are not authorized to access this page.',
      variant: 'destructive',
    });
    await flush();
    expect(navigate).not.toHaveBeenCalled();
    // A later, ordinary sign-out is navigated again.
    fake.emit('INITIAL_SESSION', fakeSession());
    await vi.waitFor(() => expect(store.getSnapshot().user).not.toBeNull());
    fake.emit('SIGNED_OUT', null);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('a session event still queued when access is denied does not sign the user back in', async () => {
    const { store, fake } = setup({ path: '/admin', stored: JSON.stringify(fakeSession()) });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.client.auth.signOut.mockResolvedValueOnce({ error: null });
    // supabase-js reports the restored session twice on load; the guard acts after the first.
    fake.emit('SIGNED_IN', fakeSession());
    await settled(store);
    fake.emit('INITIAL_SESSION', fakeSession());
    await store.denyAccess();
    await flush();
    expect(store.getSnapshot().user).toBeNull();
    // A genuine sign-in afterwards still counts.
    fake.emit('SIGNED_IN', fakeSession({ id: 'user-2' }));
    await vi.waitFor(() => expect(store.getSnapshot().user?.id).toBe('user-2'));
  });

  it('offline with an expired token: keeps the stored user signed in', async () => {
    const stored = JSON.stringify(fakeSession());
    const { store, fake } = setup({ path: '/policy-tracker', stored });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    // supabase-js answers "no session" when the refresh failed for lack of network, but keeps
    // the session in storage.
    fake.emit('INITIAL_SESSION', null);
    expect(await settled(store)).toMatchObject({ user: { id: 'user-1' } });
  });

  it('offline at start: settles from storage without waiting for supabase-js', async () => {
    const stored = JSON.stringify(fakeSession());
    const { store } = setup({ path: '/policy-tracker', stored, online: false });
    expect(store.getSnapshot()).toMatchObject({ loading: false, user: { id: 'user-1' } });
  });

  it('settles from storage when supabase-js is slow to answer', async () => {
    const stored = JSON.stringify(fakeSession());
    const { store } = setup({ path: '/policy-tracker', stored });
    expect(store.getSnapshot().loading).toBe(true);
    expect(await settled(store)).toMatchObject({ user: { id: 'user-1' } });
  });

  it('an unreachable is_admin leaves the answer unverified; recheck asks again', async () => {
    const { store, fake } = setup({ path: '/admin', rpcStatus: 0 });
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    expect(await settled(store)).toMatchObject({ isAdmin: false, adminVerified: false });
    fake.client.rpc.mockResolvedValueOnce({ data: true, error: null, status: 200 });
    expect(await store.recheckAdmin()).toMatchObject({ isAdmin: true, adminVerified: true });
  });

  it('uses the cached admin answer on reload without calling the server', async () => {
    const cacheOwner = setup({ path: '/admin', isAdmin: true });
    await vi.waitFor(() =>
      expect(cacheOwner.fake.client.auth.onAuthStateChange).toHaveBeenCalled(),
    );
    cacheOwner.fake.emit('INITIAL_SESSION', fakeSession());
    await settled(cacheOwner.store);

    const fake = createFakeClient({ isAdmin: false });
    const store = new AuthStore({
      loadClient: async () => fake.client,
      navigate: vi.fn(),
      readStoredSession: () => JSON.stringify(fakeSession()),
      adminCache: cacheOwner.adminCache,
      location: () => ({ pathname: '/admin', search: '', hash: '' }),
      isOnline: () => true,
    });
    expect(store.getSnapshot()).toMatchObject({ isAdmin: true, adminVerified: true });
    stops.push(store.start());
    await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    expect(await settled(store)).toMatchObject({ isAdmin: true });
    expect(fake.client.rpc).not.toHaveBeenCalled();
  });

  it('pauses token refresh while the tab is hidden and re-checks when it returns', async () => {
    const { fake } = setup();
    await vi.waitFor(() => expect(fake.client.auth.startAutoRefresh).toHaveBeenCalled());
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.client.auth.stopAutoRefresh).toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fake.client.auth.getSession).toHaveBeenCalled());
    expect(fake.client.auth.startAutoRefresh).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });

  describe('with supabase-js loaded only when needed', () => {
    it('signs a visitor with nothing stored out at once, without loading supabase-js', async () => {
      const { store, loadClient, navigate } = setup({ path: '/what-is-bima-sugam', lazy: true });
      expect(store.getSnapshot()).toMatchObject({ loading: false, user: null, isAdmin: false });
      await expect(store.whenSettled()).resolves.toMatchObject({ user: null });
      await flush();
      expect(loadClient).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('follows sign-ins as soon as the app asks for the client (the login form)', async () => {
      const { store, fake, navigate, appAsksForClient } = setup({ path: '/login', lazy: true });
      appAsksForClient();
      await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalledTimes(1));
      store.beginSignIn('login');
      fake.emit('SIGNED_IN', fakeSession());
      await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/policy-tracker'));
      expect(store.getSnapshot().user).toMatchObject({ id: 'user-1' });
    });

    it('its own calls (sign out) connect it too, once', async () => {
      const { store, fake } = setup({ lazy: true });
      await store.client();
      await store.client();
      await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalledTimes(1));
    });

    it('picks up a sign-in made in another tab, quietly', async () => {
      const { store, fake, navigate, otherTabSignsIn } = setup({ lazy: true });
      otherTabSignsIn();
      await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
      fake.emit('INITIAL_SESSION', fakeSession());
      await vi.waitFor(() => expect(store.getSnapshot().user).toMatchObject({ id: 'user-1' }));
      await flush();
      expect(navigate).not.toHaveBeenCalled();
      expect(toastMock).not.toHaveBeenCalled();
    });

    it('still loads it at start for a stored session or a sign-in in the address', async () => {
      for (const given of [
        { stored: JSON.stringify(fakeSession()) },
        { path: '/login', hash: '#access_token=abc&token_type=bearer' },
        { path: '/login', search: '?code=abc' },
      ]) {
        const { fake, store } = setup({ ...given, lazy: true });
        expect(store.getSnapshot().loading).toBe(true);
        await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
      }
    });

    it('a start that was stopped straight away (strict mode) leaves no listener behind', async () => {
      const { store, fake, appAsksForClient } = setup({ lazy: true });
      for (const stop of stops.splice(0)) stop();
      stops.push(store.start());
      appAsksForClient();
      await vi.waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalledTimes(1));
      await flush();
      expect(fake.client.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    });
  });
});
