import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /child/{childId}` → 204: the child and everything of theirs. */
export async function deleteChild(childId: string): Promise<void> {
  await api(`/child/${childId}`, { method: 'DELETE' });
}

export function useDeleteChild(parentId: string, childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChild(childId),
    // Not awaited: the dashboard moves off the removed child's tab at once, before the
    // refetched list (without the child) arrives.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.byParent(parentId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() });
    },
  });
}
