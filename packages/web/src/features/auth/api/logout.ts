import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Revokes the refresh-token family on the server and clears its cookie. */
export function logout(): Promise<void> {
  return api('/auth/logout', { method: 'POST' }).then(() => undefined);
}

export function useLogout(options: { onSettled: () => void }) {
  return useMutation({ mutationFn: logout, onSettled: options.onSettled });
}
