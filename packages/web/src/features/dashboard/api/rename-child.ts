import { ChildSummarySchema, type RenameChild } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /child/{childId} {childName}` → `{id, name}`. */
export function renameChild(childId: string, body: RenameChild) {
  return api(`/child/${childId}`, { method: 'PATCH', body, schema: ChildSummarySchema });
}

export function useRenameChild(parentId: string, childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenameChild) => renameChild(childId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.byParent(parentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
      ]),
  });
}
