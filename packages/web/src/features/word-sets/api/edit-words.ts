import { CreatedSchema, type EditWords } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /word-sets/{childId}/edit/{wordSetId} {words}`: words kept keep their schedule. */
export function editWords(childId: string, wordSetId: string, body: EditWords) {
  return api(`/word-sets/${childId}/edit/${wordSetId}`, { method: 'POST', body, schema: CreatedSchema });
}

export function useEditWords(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditWords) => editWords(childId, wordSetId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wordSet(childId, wordSetId) }),
      ]),
  });
}
