import type { LoginResponse, Me } from '@spellwell/shared';
import { createContext } from 'react';

/** Unknown while the stored token is being checked, then signed in or not (specification section 4). */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  /** The signed-in parent: `{userId, children, isAdmin}` from `GET /auth/me`. */
  user: Me | null;
  userId: string | null;
  isAdmin: boolean;
  /** The server could not be reached to check the sign-in; it is being tried again. */
  reconnecting: boolean;
  /** Keeps the access token of a successful sign-in and loads the parent. */
  signIn: (response: LoginResponse) => void;
}

export const AuthContext = createContext<AuthState | null>(null);
