export { AuthProvider, useAuth, signedOutAuth } from './auth-context';
export type { AuthState, AuthUser } from './auth-context';
export { AccountMenu } from './account-menu';
