import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-context';
import { AuthStore } from './auth-store';
import { createFakeClient, fakeSession, memoryStorage } from './test-fakes';

vi.mock('@/lib/toast', () => ({ toast: vi.fn(() => 'id'), dismissToasts: vi.fn() }));

function storeWithClient() {
  const fake = createFakeClient();
  const store = new AuthStore({
    loadClient: vi.fn(async () => fake.client),
    navigate: vi.fn(),
    // A returning user: the stored session makes the store connect at start.
    readStoredSession: () => JSON.stringify(fakeSession()),
    adminCache: memoryStorage(),
    location: () => ({ pathname: '/policy-tracker', search: '', hash: '' }),
    isOnline: () => true,
  });
  return { store, fake };
}

function Who() {
  const { loading, user } = useAuth();
  return <p>{loading ? 'checking' : (user?.email ?? 'nobody')}</p>;
}

describe('the auth provider', () => {
  it('follows a store the app started before rendering, without starting it again', async () => {
    const { store, fake } = storeWithClient();
    store.start();
    await waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await waitFor(() => expect(store.getSnapshot().loading).toBe(false));

    const { unmount } = render(
      <AuthProvider navigate={vi.fn()} store={store}>
        <Who />
      </AuthProvider>,
    );
    // Settled before React rendered: the first render already has the user.
    expect(screen.getByText('user@example.com')).toBeInTheDocument();
    fake.emit('SIGNED_OUT', null);
    await screen.findByText('nobody');
    // One subscription to supabase-js's auth events, the entry's.
    expect(fake.client.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    unmount();
    expect(store.running).toBe(true);
  });

  it('starts a store handed in unstarted, and stops it when unmounted', async () => {
    const { store, fake } = storeWithClient();
    const { unmount } = render(
      <AuthProvider navigate={vi.fn()} store={store}>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByText('checking')).toBeInTheDocument();
    await waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
    fake.emit('INITIAL_SESSION', fakeSession());
    await screen.findByText('user@example.com');
    expect(store.running).toBe(true);
    unmount();
    expect(store.running).toBe(false);
  });
});
