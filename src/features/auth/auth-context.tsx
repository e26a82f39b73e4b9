import { createContext, useContext, type ReactNode } from 'react';

export interface AuthUser {
  id: string;
  email: string;
  provider: string;
}

export interface AuthState {
  /** True until the first session check has finished; guarded screens wait on it. */
  loading: boolean;
  user: AuthUser | null;
  isAdmin: boolean;
  signOut: () => Promise<void>;
}

export const signedOutAuth: AuthState = {
  loading: false,
  user: null,
  isAdmin: false,
  signOut: async () => {},
};

const AuthContext = createContext<AuthState>(signedOutAuth);

export function AuthProvider({ value, children }: { value: AuthState; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
