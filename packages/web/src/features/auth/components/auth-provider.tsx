import type { LoginResponse } from '@spellwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { onSignedOut } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { TOKEN_KEY, tokenStorage } from '../../../lib/token-storage';
import { useMe } from '../api/get-me';
import { AuthContext, type AuthState, type AuthStatus } from '../auth-context';

const noSubscription = () => () => {};

/**
 * False only while React adopts the prerendered landing page (and in the prerender itself),
 * whose first render was drawn at build time for a visitor with no token: the first render in
 * the browser must draw the same, or React 19 discards the page and draws it again. React
 * renders once more with `true` straight after adopting it.
 */
const useIsClient = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Holds the sign-in state for the whole app. The stored access token says whether to ask
 * `GET /auth/me` at all; its answer says who is signed in.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [storedToken, setToken] = useState(() => tokenStorage.get());
  const token = useIsClient() ? storedToken : null;
  const me = useMe(Boolean(token));

  useEffect(
    () =>
      onSignedOut(() => {
        setToken(null);
        queryClient.removeQueries({ queryKey: queryKeys.auth.me() });
      }),
    [queryClient],
  );

  // Another tab signed in, refreshed or signed out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) setToken(tokenStorage.get());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback(
    (response: LoginResponse) => {
      tokenStorage.set(response.accessToken);
      queryClient.removeQueries({ queryKey: queryKeys.auth.me() });
      setToken(response.accessToken);
    },
    [queryClient],
  );

  const user = token ? (me.data ?? null) : null;
  let status: AuthStatus = 'loading';
  if (!token || (!user && me.isError)) status = 'unauthenticated';
  else if (user) status = 'authenticated';

  const reconnecting = Boolean(token) && me.failureCount > 0 && !me.isError;

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      userId: user?.userId ?? null,
      isAdmin: user?.isAdmin ?? false,
      reconnecting,
      signIn,
    }),
    [status, user, reconnecting, signIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
