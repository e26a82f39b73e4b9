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

export async function signUpWithPassword(email: string, password: string): Promise<SignUpResult> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: siteUrl('/login') },
    });
    if (error) return { error: error.message, needsConfirmation: false };
    return { error: null, needsConfirmation: data.session === null };
  } catch (error) {
    return { error: messageOf(error), needsConfirmation: false };
  }
}

/** Leaves the page for Google's account chooser; it comes back to /login with the session. */
export async function signInWithGoogle(redirect: string | undefined): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: siteUrl('/login', { redirect }),
        queryParams: { prompt: 'select_account' },
      },
    });
    return { error: error ? error.message : null };
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
