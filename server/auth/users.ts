/** auth.users rows as read here, and the user object GoTrue answers with. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  is_anonymous: boolean;
}

// Timestamps come back as ISO text so both drivers produce identical JSON.
export const USER_COLS = `id::text as id, aud, role, email, encrypted_password,
  to_json(email_confirmed_at)#>>'{}' as email_confirmed_at,
  to_json(confirmation_sent_at)#>>'{}' as confirmation_sent_at,
  to_json(recovery_sent_at)#>>'{}' as recovery_sent_at,
  to_json(last_sign_in_at)#>>'{}' as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data,
  to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at,
  to_json(banned_until)#>>'{}' as banned_until, is_anonymous`;

export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

export function userJson(u: UserRow): UserJson {
  const out: UserJson = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    phone: '',
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: u.created_at ?? '',
    updated_at: u.updated_at ?? '',
    is_anonymous: u.is_anonymous,
  };
  if (u.email_confirmed_at) {
    out.email_confirmed_at = u.email_confirmed_at;
    out.confirmed_at = u.email_confirmed_at;
  }
  if (u.confirmation_sent_at) out.confirmation_sent_at = u.confirmation_sent_at;
  if (u.recovery_sent_at) out.recovery_sent_at = u.recovery_sent_at;
  if (u.last_sign_in_at) out.last_sign_in_at = u.last_sign_in_at;
  const provider = (u.raw_app_meta_data ?? {}).provider;
  out.identities = [
    {
      identity_id: u.id,
      id: u.id,
      user_id: u.id,
      identity_data: { email: u.email, email_verified: !!u.email_confirmed_at, sub: u.id },
      provider: typeof provider === 'string' ? provider : 'email',
      created_at: u.created_at,
      updated_at: u.updated_at,
      email: u.email,
    },
  ];
  return out;
}
