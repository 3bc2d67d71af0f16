import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `DELETE /account`: removes the parent, their children, lists and history, and ends every session. */
export function deleteAccount(): Promise<void> {
  return api('/account', { method: 'DELETE' }).then(() => undefined);
}

export function useDeleteAccount(options: { onSuccess: () => void }) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: options.onSuccess });
}
