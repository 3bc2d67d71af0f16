import type { LoginResponse } from '@spellwell/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../use-auth';

/** After any sign-in: keep the token, then open the parent's dashboard (specification section 4). */
export function useCompleteSignIn(): (response: LoginResponse) => void {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (response: LoginResponse) => {
      signIn(response);
      void navigate(paths.dashboard.getHref(response.userId));
    },
    [signIn, navigate],
  );
}
