import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wordSetsQueryKey } from './get-word-sets';

/** `DELETE /child/{childId}` → 204: the child and everything of theirs. */
export async function deleteChild(childId: string): Promise<void> {
  await api(`/child/${childId}`, { method: 'DELETE' });
}

export function useDeleteChild(parentId: string, childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChild(childId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wordSetsQueryKey(parentId) }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]),
  });
}
