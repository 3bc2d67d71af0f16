import type { GoogleLogin, LoginResponse } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseLoginResponse } from '../lib/parse-answers';

export function googleLogin(body: GoogleLogin): Promise<LoginResponse> {
  return api('/auth/google/login', { method: 'POST', body }).then(parseLoginResponse);
}

export function useGoogleLogin(options: { onSuccess: (response: LoginResponse) => void }) {
  return useMutation({ mutationFn: googleLogin, onSuccess: options.onSuccess });
}
