import { LoginResponseSchema, type GoogleLogin, type LoginResponse } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function googleLogin(body: GoogleLogin): Promise<LoginResponse> {
  return api('/auth/google/login', { method: 'POST', body, schema: LoginResponseSchema });
}

export function useGoogleLogin(options: { onSuccess: (response: LoginResponse) => void }) {
  return useMutation({ mutationFn: googleLogin, onSuccess: options.onSuccess });
}
