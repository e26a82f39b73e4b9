import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, userEvent, waitFor } from '../../../tests/helpers/render';
import { createClient } from '@supabase/supabase-js';
import { toast } from '@/lib/toast';
import { getSupabase } from '@/lib/supabase';
import { AuthProvider } from './auth-context';
import { AuthStore } from './auth-store';
import { LoginPage } from './login-page';
import { AdminLoginPage } from './admin-login-page';
import { PasswordResetPage } from './password-reset-page';
import { createFakeClient, fakeSession, memoryStorage } from './test-fakes';
import { browserNavigation } from './auth-api';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../tests/helpers/catalogs';

vi.mock('@/lib/toast', () => ({ toast: vi.fn(() => 'id'), dismissToasts: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

const toastMock = vi.mocked(toast);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The auth methods the screens call, each a mock the test scripts. */
function mockAuthApi() {
  const auth = {
    signInWithPassword: vi.fn(),
    signUp: vi.fn(),
    signInWithOAuth: vi.fn(),
    resetPasswordForEmail: vi.fn(),
    updateUser: vi.fn(),
  };
  vi.mocked(getSupabase).mockResolvedValue({ auth } as unknown as Awaited<
    ReturnType<typeof getSupabase>
  >);
  return auth;
}

async function renderPage(Page: () => ReactElement, options: { session?: boolean } = {}) {
  const fake = createFakeClient();
  const store = new AuthStore({
    loadClient: async () => fake.client,
    navigate: vi.fn(),
    readStoredSession: () => null,
    adminCache: memoryStorage(),
    location: () => ({ pathname: '/somewhere', search: '', hash: '' }),
    isOnline: () => true,
  });
  const rootRoute = createRootRoute();
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page });
  const stubs = ['/login', '/policy-tracker', '/admin'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{path} page</p> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute, ...stubs]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <AuthProvider navigate={vi.fn()} store={store}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  await waitFor(() => expect(fake.client.auth.onAuthStateChange).toHaveBeenCalled());
  fake.emit('INITIAL_SESSION', options.session ? fakeSession() : null);
  await waitFor(() => expect(store.getSnapshot().loading).toBe(false));
  return { router, store };
}

/** The destructive toast a failed auth call shows, with the server's words. */
async function expectFailureToast(title: string, description: string) {
  await waitFor(() =>
    expect(toastMock).toHaveBeenCalledWith({ title, description, variant: 'destructive' }),
  );
}

beforeEach(() => {
  toastMock.mockClear();
});

afterEach(() => {
  vi.mocked(getSupabase).mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('shows Logging In... while pending and the backend message on failure', async () => {
    const api = mockAuthApi();
    const answer = deferred<{ data: unknown; error: { message: string } | null }>();
    api.signInWithPassword.mockReturnValue(answer.promise);
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'a@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    expect(api.signInWithPassword).toHaveBeenCalledWith({
      email: 'a@example.com',
      password: 'wrong-pass',
    });
    answer.resolve({ data: {}, error: { message: 'Invalid login credentials' } });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Sign in Failed',
      description: 'Invalid login credentials',
      variant: 'destructive',
    });
  });

  it('requires an email and password before calling the server', async () => {
    const api = mockAuthApi();
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('sign-up hints the minimum, shows Signing Up... and asks to confirm by email', async () => {
    const api = mockAuthApi();
    const answer = deferred<{ data: { session: null }; error: null }>();
    api.signUp.mockReturnValue(answer.promise);
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByText('Minimum 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('Password must be at least 6 characters long.'),
    ).toBeInTheDocument();
    expect(api.signUp).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password', { exact: true }), '6');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    answer.resolve({ data: { session: null }, error: null });
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Sign up successful!',
        description: 'Please check your email to confirm your account.',
      }),
    );
  });

  it("a sign-up's confirmation link comes back to the login page's redirect (an invitation)", async () => {
    const api = mockAuthApi();
    api.signUp.mockResolvedValue({ data: { session: null }, error: null });
    await renderPage(() => <LoginPage redirect="/policy-tracker/invitations" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Email'), 'invited@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(api.signUp).toHaveBeenCalled());
    const redirectTo = new URL(api.signUp.mock.calls[0]?.[0].options.emailRedirectTo);
    expect(redirectTo.pathname).toBe('/login');
    expect(redirectTo.searchParams.get('redirect')).toBe('/policy-tracker/invitations');
  });

  it('shows the sign-up failure message', async () => {
    const api = mockAuthApi();
    api.signUp.mockResolvedValue({ data: {}, error: { message: 'User already registered' } });
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Email'), 'dup@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await expectFailureToast('Sign up Failed', 'User already registered');
  });

  it('Forgot password? asks for the email first, then sends the reset link', async () => {
    const api = mockAuthApi();
    api.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(
      await screen.findByText('Enter your email address above to receive a password reset link.'),
    ).toBeInTheDocument();
    expect(api.resetPasswordForEmail).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() =>
      expect(api.resetPasswordForEmail).toHaveBeenCalledWith('me@example.com', {
        redirectTo: `${window.location.origin}/password-reset`,
      }),
    );
    expect(toastMock).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Password reset email sent' }),
    );
  });

  it('reports a reset-email failure', async () => {
    const api = mockAuthApi();
    api.resetPasswordForEmail.mockResolvedValue({ data: {}, error: { message: 'Rate limited' } });
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await expectFailureToast('Error sending reset email', 'Rate limited');
  });

  it('Continue with Google asks for the account chooser and comes back to /login', async () => {
    const api = mockAuthApi();
    const url = 'http://api.test/auth/v1/authorize?provider=google';
    api.signInWithOAuth.mockResolvedValue({ data: { provider: 'google', url }, error: null });
    const fetchMock = vi.fn(async () => Response.redirect('https://accounts.google.com/', 302));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    await renderPage(() => <LoginPage redirect="/policy-tracker/new" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(api.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: {
        redirectTo: `${window.location.origin}/login?redirect=%2Fpolicy-tracker%2Fnew`,
        queryParams: { prompt: 'select_account' },
        skipBrowserRedirect: true,
      },
    });
    expect(fetchMock).toHaveBeenCalledWith(url, { redirect: 'manual', credentials: 'omit' });
    expect(toastMock).not.toHaveBeenCalled();
  });

  it("a disabled Google provider shows GoTrue's message instead of leaving the app", async () => {
    const api = mockAuthApi();
    const url = 'http://api.test/auth/v1/authorize?provider=google';
    api.signInWithOAuth.mockResolvedValue({ data: { provider: 'google', url }, error: null });
    const body = {
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body, { status: 400 })),
    );
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await expectFailureToast(
      'Google Sign-in Failed',
      'Unsupported provider: provider is not enabled',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('still tries the redirect when the provider cannot be asked first', async () => {
    const api = mockAuthApi();
    const url = 'http://api.test/auth/v1/authorize?provider=google';
    api.signInWithOAuth.mockResolvedValue({ data: { provider: 'google', url }, error: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('reports a supabase-js refusal before any request', async () => {
    const api = mockAuthApi();
    api.signInWithOAuth.mockResolvedValue({ data: {}, error: { message: 'Provider disabled' } });
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await expectFailureToast('Google Sign-in Failed', 'Provider disabled');
  });
});

let clients = 0;

/** A real supabase-js client whose every request GoTrue answers with a 429. */
function rateLimitedClient(errorCode: string, msg: string) {
  const fetch429 = vi.fn(async () =>
    Response.json({ code: 429, error_code: errorCode, msg }, { status: 429 }),
  );
  const client = createClient('http://api.test', 'anon-key', {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `rate-limited-${(clients += 1)}`,
    },
    global: { fetch: fetch429 },
  });
  vi.mocked(getSupabase).mockResolvedValue(client);
  return fetch429;
}

describe('rate limits (GoTrue 429)', () => {
  it.each([
    ['Login', 'Sign in Failed', 'over_request_rate_limit', 'Request rate limit reached'],
    ['Sign Up', 'Sign up Failed', 'over_request_rate_limit', 'Request rate limit reached'],
    [
      'Forgot password?',
      'Error sending reset email',
      'over_email_send_rate_limit',
      'For security purposes, you can only request this after 42 seconds.',
    ],
  ])("%s shows GoTrue's message", async (action, title, code, msg) => {
    const fetch429 = rateLimitedClient(code, msg);
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    if (action === 'Sign Up') await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await user.type(await screen.findByLabelText('Email'), 'me@example.com');
    if (action !== 'Forgot password?') {
      await user.type(screen.getByLabelText('Password', { exact: true }), 'secret1');
    }
    await user.click(screen.getByRole('button', { name: action }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({ title, description: msg, variant: 'destructive' }),
    );
    expect(fetch429).toHaveBeenCalled();
  });
});

describe('AdminLoginPage', () => {
  it('shows Signing In... and on failure re-enables the button and says why under the form', async () => {
    const api = mockAuthApi();
    const answer = deferred<{ data: unknown; error: { message: string } }>();
    api.signInWithPassword.mockReturnValue(answer.promise);
    await renderPage(() => <AdminLoginPage />);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Access your dashboard')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    answer.resolve({ data: {}, error: { message: 'Invalid login credentials' } });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Sign in failedInvalid login credentials');
    expect(toastMock).not.toHaveBeenCalled();
  });
});

describe('PasswordResetPage', () => {
  it('without a session says so and links to the login', async () => {
    mockAuthApi();
    await renderPage(() => <PasswordResetPage />);
    expect(await screen.findByText(/you are not signed in/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('validates, updates the password and reports the result', async () => {
    const api = mockAuthApi();
    api.updateUser.mockResolvedValueOnce({
      data: {},
      error: { message: 'New password should be different from the old password.' },
    });
    const { router } = await renderPage(() => <PasswordResetPage />, { session: true });
    const user = userEvent.setup();
    const password = await screen.findByLabelText('New Password', { exact: true });
    const confirm = screen.getByLabelText('Confirm New Password', { exact: true });

    await user.type(password, 'abc');
    await user.type(confirm, 'abd');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Password must be at least 6 characters long.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.updateUser).not.toHaveBeenCalled();

    await user.clear(password);
    await user.clear(confirm);
    await user.type(password, 'secret-2');
    await user.type(confirm, 'secret-2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await expectFailureToast(
      'Password Update Failed',
      'New password should be different from the old password.',
    );

    api.updateUser.mockResolvedValueOnce({ data: {}, error: null });
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-tracker'));
    expect(api.updateUser).toHaveBeenLastCalledWith({ password: 'secret-2' });
    expect(toastMock).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Password Updated Successfully' }),
    );
  });
});

describe('in Hindi', () => {
  beforeEach(() => activateLoaded('hi', allMessages.hi));
  afterEach(() => activateLoaded('en', allMessages.en));

  it('labels the forms, says what is wrong and gives GoTrue refusals in Hindi', async () => {
    const api = mockAuthApi();
    api.signInWithPassword.mockResolvedValue({
      data: {},
      error: { message: 'Invalid login credentials' },
    });
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'BimaGuide में आपका स्वागत है' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'लॉग इन' }));
    expect(await screen.findByText('ईमेल भरना ज़रूरी है।')).toBeVisible();
    expect(screen.getByText('पासवर्ड भरना ज़रूरी है।')).toBeVisible();
    await user.type(screen.getByLabelText('ईमेल'), 'a@example.com');
    await user.type(screen.getByLabelText('पासवर्ड', { exact: true }), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'लॉग इन' }));
    await expectFailureToast('साइन इन नहीं हो सका', 'ईमेल या पासवर्ड सही नहीं है');
  });

  it('keeps the numbers of a rate limit, and a refusal it does not know in its own words', async () => {
    rateLimitedClient(
      'over_email_send_rate_limit',
      'For security purposes, you can only request this after 42 seconds.',
    );
    await renderPage(() => <LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ईमेल'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'पासवर्ड भूल गए?' }));
    await expectFailureToast(
      'रीसेट ईमेल भेजने में गड़बड़ी हुई',
      'सुरक्षा के लिए, आप यह 42 सेकंड बाद ही फिर माँग सकते हैं।',
    );
    toastMock.mockClear();
    rateLimitedClient('unexpected_failure', 'Something odd happened');
    await user.click(screen.getByRole('button', { name: 'पासवर्ड भूल गए?' }));
    await expectFailureToast('रीसेट ईमेल भेजने में गड़बड़ी हुई', 'Something odd happened');
  });
});
