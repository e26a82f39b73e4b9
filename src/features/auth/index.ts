// The screens (login-page, admin-login-page, password-reset-page) are imported by their routes
// directly, so the forms stay in their route chunks instead of the app's first download; the
// account menu by the site shell, lazily with its texts.
export {
  AuthProvider,
  useAuth,
  signedOutAuth,
  createBrowserAuthStore,
  authStateFrom,
} from './auth-context';
export type {
  AuthState,
  AuthUser,
  AuthSnapshot,
  BeforeSignOutHook,
  SignInKind,
} from './auth-context';
export { AuthStore } from './auth-store';
export type { AuthClient } from './auth-store';
export { requireSignedIn, requireAdmin, AdminCheckUnavailableError } from './guards';
export { LoginButton } from './login-button';
export { AuthPending } from './auth-pending';
export { PasswordChangeForm } from './password-change-form';
