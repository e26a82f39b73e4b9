import { describe, expect, it } from 'vitest';
import { knownAuthError } from './errors';

describe('knownAuthError', () => {
  it.each([
    ['Invalid login credentials', 'auth.error.invalidCredentials', undefined],
    ['User already registered', 'auth.error.alreadyRegistered', undefined],
    ['Password should be at least 6 characters.', 'auth.error.passwordTooShort', { min: '6' }],
    [
      'For security purposes, you can only request this after 42 seconds.',
      'auth.error.waitSeconds',
      { seconds: '42' },
    ],
    ['email rate limit exceeded', 'auth.error.emailRateLimited', undefined],
    ['Email link is invalid or has expired', 'auth.error.linkExpired', undefined],
    ['Failed to fetch', 'auth.error.network', undefined],
  ])('recognises %j', (message, id, values) => {
    expect(knownAuthError(message)).toEqual(values === undefined ? { id } : { id, values });
  });

  it('leaves a message it does not know alone', () => {
    expect(knownAuthError('Provider disabled')).toBeNull();
    expect(knownAuthError('Invalid login credentials, and more')).toBeNull();
  });
});
