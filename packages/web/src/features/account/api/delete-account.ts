import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetThisDevice } from '../../../lib/forget-this-device';

/**
 * `DELETE /account`: removes the parent, their children, lists and history, reminders and
 * devices, and ends every session. This browser's push subscription is dropped first.
 */
export async function deleteAccount(): Promise<void> {
  await forgetThisDevice();
  await api('/account', { method: 'DELETE' });
}

export function useDeleteAccount(options: { onSuccess: () => void }) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: options.onSuccess });
}
