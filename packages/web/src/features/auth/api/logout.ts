import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetThisDevice } from '../../../lib/forget-this-device';

/**
 * Revokes the refresh-token family on the server and clears its cookie; first this device stops
 * getting the parent's reminders (issue 38), while the access token still says whose they are.
 */
export async function logout(): Promise<void> {
  await forgetThisDevice();
  await api('/auth/logout', { method: 'POST' });
}

export function useLogout(options: { onSettled: () => void }) {
  // Offline, signing out still forgets everything here at once (reload-signed-out.ts), rather
  // than waiting, as TanStack would, for a network that may not come back on this device.
  return useMutation({ mutationFn: logout, onSettled: options.onSettled, networkMode: 'always' });
}
