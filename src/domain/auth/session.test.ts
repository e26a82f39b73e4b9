import { describe, expect, it } from 'vitest';
import { authUserFromSession, parseStoredSession, sessionStorageKey } from './session';

const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_at: 1,
  token_type: 'bearer',
  user: { id: 'u1', email: 'a@b.co', app_metadata: { provider: 'google' }, aud: 'authenticated' },
};

describe('session helpers', () => {
  it('maps a session to the app user', () => {
    expect(authUserFromSession(session)).toEqual({ id: 'u1', email: 'a@b.co', provider: 'google' });
  });

  it('defaults the provider to email and tolerates a missing email', () => {
    expect(authUserFromSession({ ...session, user: { id: 'u2' } })).toEqual({
      id: 'u2',
      email: '',
      provider: 'email',
    });
  });

  it('rejects sessions without tokens (spec §5)', () => {
    expect(authUserFromSession({ ...session, refresh_token: '' })).toBeNull();
    expect(authUserFromSession(null)).toBeNull();
  });

  it('parses stored JSON defensively', () => {
    expect(parseStoredSession(JSON.stringify(session))?.user.id).toBe('u1');
    expect(parseStoredSession('{not json')).toBeNull();
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('{"access_token":"x"}')).toBeNull();
  });

  it('derives the supabase-js storage key from the project URL', () => {
    expect(sessionStorageKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
    expect(sessionStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
  });
});
