// zod/mini: every page reads the stored session before it renders, and the full zod's API is
// several times its size (see src/lib/zod-without-eval.ts).
import { z } from 'zod/mini';

export interface AuthUser {
  id: string;
  email: string;
  /** `app_metadata.provider`: 'email' for password accounts, 'google' for Google sign-in. */
  provider: string;
}

const sessionUserSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  email: z.nullish(z.string()),
  app_metadata: z.optional(z.looseObject({ provider: z.optional(z.string()) })),
});

/** A session as supabase-js keeps it in storage; only the fields the app relies on. */
export const storedSessionSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  expires_at: z.optional(z.number()),
  user: sessionUserSchema,
});

export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Maps a session (from an auth event or from storage) to the app's user, or null if unusable. */
export function authUserFromSession(session: unknown): AuthUser | null {
  const parsed = storedSessionSchema.safeParse(session);
  if (!parsed.success) return null;
  const { user } = parsed.data;
  return {
    id: user.id,
    email: user.email ?? '',
    provider: user.app_metadata?.provider ?? 'email',
  };
}

/** Parses the JSON supabase-js stored; tolerant of anything else a page may have left there. */
export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** supabase-js's default storage key: `sb-<first label of the API host>-auth-token`. */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0] ?? ''}-auth-token`;
}
