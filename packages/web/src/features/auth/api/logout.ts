import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Revokes the refresh-token family on the server and clears its cookie. */
export function logout(): Promise<void> {
  return api('/auth/logout', { method: 'POST' }).then(() => undefined);
}

export function useLogout(options: { onSettled: () => void }) {
  // Offline, signing out still forgets everything here at once (reload-signed-out.ts), rather
  // than waiting, as TanStack would, for a network that may not come back on this device.
  return useMutation({ mutationFn: logout, onSettled: options.onSettled, networkMode: 'always' });
}
