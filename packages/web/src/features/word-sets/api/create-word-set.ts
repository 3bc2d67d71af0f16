import { CreatedSchema, type CreateWordSet } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /word-sets/create/{childId}` → 201 `{id}`. */
export function createWordSet(childId: string, body: CreateWordSet) {
  return api(`/word-sets/create/${childId}`, { method: 'POST', body, schema: CreatedSchema });
}

export function useCreateWordSet(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWordSet) => createWordSet(childId, body),
    // Every parent's dashboard list is out of date now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all() }),
  });
}
