import { WordSetSummarySchema, type UpdateWordSet } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /child/{childId}/word-sets/{wordSetId}`: the test date, description or language. */
export function updateWordSet(childId: string, wordSetId: string, body: UpdateWordSet) {
  return api(`/child/${childId}/word-sets/${wordSetId}`, {
    method: 'PATCH',
    body,
    schema: WordSetSummarySchema,
  });
}

export function useUpdateWordSet(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWordSet) => updateWordSet(childId, wordSetId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSet(childId, wordSetId) }),
      ]),
  });
}
