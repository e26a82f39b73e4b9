export { safeRedirectPath, redirectFromSearch } from './safe-redirect';
export {
  authUserFromSession,
  parseStoredSession,
  sessionStorageKey,
  storedSessionSchema,
} from './session';
export type { AuthUser, StoredSession } from './session';
export {
  MIN_PASSWORD_LENGTH,
  passwordMessages,
  passwordChangeSchema,
  credentialsSchema,
  signUpSchema,
  resetEmailSchema,
} from './passwords';
export type { PasswordChangeValues, CredentialsValues } from './passwords';
export { authNavigationTarget, DEFAULT_SIGNED_IN_PATH, ADMIN_HOME_PATH } from './transitions';
export type { AuthEventName, AuthNavigationInput } from './transitions';
export { knownAuthError } from './errors';
export type { KnownAuthError } from './errors';
