/**
 * GoTrue's common refusals, recognised so the app can say them in the user's language (issue
 * 21). Each pattern's catalog id carries GoTrue's own English words as its English text, so
 * the English app shows exactly what the server said; anything unrecognised is shown as it
 * came, never hidden behind a vaguer sentence.
 */
export interface KnownAuthError {
  id: string;
  values?: Record<string, string>;
}

const patterns: ReadonlyArray<readonly [RegExp, string, ...string[]]> = [
  [/^Invalid login credentials$/, 'auth.error.invalidCredentials'],
  [/^User already registered$/, 'auth.error.alreadyRegistered'],
  [/^Email not confirmed$/, 'auth.error.emailNotConfirmed'],
  [/^Password should be at least (\d+) characters\.?$/, 'auth.error.passwordTooShort', 'min'],
  [/^Password cannot be longer than (\d+) characters$/, 'auth.error.passwordTooLong', 'max'],
  [/^New password should be different from the old password\.?$/, 'auth.error.samePassword'],
  [/^Request rate limit reached$/, 'auth.error.rateLimited'],
  [/^email rate limit exceeded$/i, 'auth.error.emailRateLimited'],
  [
    /^For security purposes, you can only request this after (\d+) seconds?\.$/,
    'auth.error.waitSeconds',
    'seconds',
  ],
  [/^Unable to validate email address: invalid format$/, 'auth.error.invalidEmail'],
  [
    /^(Token has expired or is invalid|Email link is invalid or has expired)$/,
    'auth.error.linkExpired',
  ],
  [/^User is banned$/, 'auth.error.banned'],
  [/^Signups not allowed for this instance$/, 'auth.error.signupsDisabled'],
  [/^Unsupported provider: provider is not enabled$/, 'auth.error.providerDisabled'],
  [/^(Network request failed|Failed to fetch|Load failed)$/, 'auth.error.network'],
];

export function knownAuthError(message: string): KnownAuthError | null {
  for (const [pattern, id, ...names] of patterns) {
    const match = pattern.exec(message.trim());
    if (!match) continue;
    if (names.length === 0) return { id };
    return { id, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
