import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wordSetQueryKey } from './get-word-set';

/** `DELETE /child/{childId}/word-sets/{wordSetId}` → 204: the set, its words and its session. */
export async function deleteWordSet(childId: string, wordSetId: string): Promise<void> {
  await api(`/child/${childId}/word-sets/${wordSetId}`, { method: 'DELETE' });
}

export function useDeleteWordSet(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWordSet(childId, wordSetId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['word-sets'] }),
        // Not refetched (it is gone): only marked, so nothing shows it from the cache again.
        queryClient.invalidateQueries({ queryKey: wordSetQueryKey(childId, wordSetId), refetchType: 'none' }),
      ]),
  });
}
