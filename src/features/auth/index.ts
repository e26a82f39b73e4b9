export { AuthProvider, useAuth, signedOutAuth, createBrowserAuthStore } from './auth-context';
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
export { AccountMenu } from './account-menu';
export { AuthPending } from './auth-pending';
export { LoginPage } from './login-page';
export { AdminLoginPage } from './admin-login-page';
export { PasswordResetPage } from './password-reset-page';
