import type { DevLogin, LoginResponse } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseLoginResponse } from '../lib/parse-answers';

/** The demo sign-in, offered only by a local server without a Google client id. */
export function devLogin(body: DevLogin): Promise<LoginResponse> {
  return api('/auth/dev/login', { method: 'POST', body }).then(parseLoginResponse);
}

export function useDevLogin(options: { onSuccess: (response: LoginResponse) => void }) {
  return useMutation({ mutationFn: devLogin, onSuccess: options.onSuccess });
}
