import { WordSetDetailSchema, type WordSetDetail } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /child/{childId}/word-sets/{wordSetId}`: the set with its words in list order. */
export function getWordSet(childId: string, wordSetId: string): Promise<WordSetDetail> {
  return api(`/child/${childId}/word-sets/${wordSetId}`, { schema: WordSetDetailSchema });
}

export const wordSetQueryKey = (childId: string, wordSetId: string) =>
  ['word-set', childId, wordSetId] as const;

export function wordSetQueryOptions(childId: string, wordSetId: string) {
  return queryOptions({
    queryKey: wordSetQueryKey(childId, wordSetId),
    queryFn: () => getWordSet(childId, wordSetId),
    // Editing starts from what the server holds now, never from an older copy.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useWordSet(childId: string, wordSetId: string) {
  return useQuery(wordSetQueryOptions(childId, wordSetId));
}
