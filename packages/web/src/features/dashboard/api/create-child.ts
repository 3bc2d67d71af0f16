import {
  ChildSummarySchema,
  type ChildSummary,
  type ChildWithWordSets,
  type CreateChild,
} from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /child/create/{parentId}` → 201 `{id, name}`. */
export function createChild(parentId: string, body: CreateChild): Promise<ChildSummary> {
  return api(`/child/create/${parentId}`, { method: 'POST', body, schema: ChildSummarySchema });
}

export function useCreateChild(parentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChild) => createChild(parentId, body),
    onSuccess: async (child) => {
      // The new tab shows at once; the refetch below then confirms it from the server.
      queryClient.setQueryData<ChildWithWordSets[]>(queryKeys.wordSets.byParent(parentId), (old) =>
        old && !old.some((c) => c.id === child.id)
          ? [...old, { ...child, role: 'owner', wordSets: [] }]
          : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.byParent(parentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
      ]);
    },
  });
}
