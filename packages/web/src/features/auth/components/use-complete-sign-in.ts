import type { LoginResponse } from '@spellwell/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../use-auth';

/** After any sign-in: keep the token, then open the parent's dashboard (specification section 4). */
export function useCompleteSignIn(): (response: LoginResponse) => void {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // A photo shared to SpellWell while signed out: on to the child's Add New Practice after.
  const shared = /[?&]shared=/.test(useLocation().search);
  return useCallback(
    (response: LoginResponse) => {
      signIn(response);
      void navigate(shared ? '/dashboard?shared=1' : paths.dashboard.getHref(response.userId));
    },
    [signIn, navigate, shared],
  );
}
