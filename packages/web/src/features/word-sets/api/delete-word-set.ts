import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

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
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all() }),
        // Not refetched (it is gone): only marked, so nothing shows it from the cache again.
        queryClient.invalidateQueries({
          queryKey: queryKeys.wordSet(childId, wordSetId),
          refetchType: 'none',
        }),
      ]),
  });
}
