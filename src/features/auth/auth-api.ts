import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';

/** Every call resolves with the backend's message instead of throwing, ready for a toast. */
export interface AuthResult {
  error: string | null;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Network request failed';
}

function siteUrl(path: string, search?: Record<string, string | undefined>): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}

export async function signInWithPassword(email: string, password: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    return { error: error ? error.message : null };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

export interface SignUpResult extends AuthResult {
  /** No session came back: the project requires the emailed confirmation link first. */
  needsConfirmation: boolean;
}

/**
 * `redirect` is the login page's own (already checked by safeRedirectPath): the confirmation
 * link brings the new user back to where signing up began, such as an invitation.
 */
export async function signUpWithPassword(
  email: string,
  password: string,
  redirect?: string,
): Promise<SignUpResult> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: siteUrl('/login', { redirect }) },
    });
    if (error) return { error: error.message, needsConfirmation: false };
    return { error: null, needsConfirmation: data.session === null };
  } catch (error) {
    return { error: messageOf(error), needsConfirmation: false };
  }
}

/** The page's own navigation, apart so tests can watch it (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

const gotrueErrorSchema = z.object({
  msg: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
});

/**
 * GoTrue answers /authorize with a redirect to the provider, or with a JSON error when the
 * provider is not enabled. supabase-js would navigate to the error page; asking first (without
 * following the redirect) lets the error reach a toast instead.
 */
async function providerRefusal(url: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', credentials: 'omit' });
  } catch {
    // No answer to the question: let the browser try, as supabase-js would.
    return null;
  }
  if (response.type === 'opaqueredirect' || response.status < 400) return null;
  const body = gotrueErrorSchema.safeParse(await response.json().catch(() => null));
  const message = body.success
    ? (body.data.msg ?? body.data.message ?? body.data.error_description)
    : undefined;
  return message ?? `Google sign-in is unavailable (HTTP ${response.status})`;
}

/** Leaves the page for Google's account chooser; it comes back to /login with the session. */
export async function signInWithGoogle(redirect: string | undefined): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: siteUrl('/login', { redirect }),
        queryParams: { prompt: 'select_account' },
        skipBrowserRedirect: true,
      },
    });
    if (error) return { error: error.message };
    const refusal = await providerRefusal(data.url);
    if (refusal !== null) return { error: refusal };
    browserNavigation.assign(data.url);
    return { error: null };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

export async function sendPasswordResetEmail(email: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: siteUrl('/password-reset'),
    });
    return { error: error ? error.message : null };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

export async function updatePassword(password: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    return { error: error ? error.message : null };
  } catch (error) {
    return { error: messageOf(error) };
  }
}
