import { useContext } from 'react';
import { AuthContext, type AuthState } from './auth-context';

export type { AuthState, AuthStatus } from './auth-context';

/** The sign-in state; only inside <AuthProvider>. */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>.');
  return auth;
}
