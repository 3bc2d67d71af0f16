import { WordSetDetailSchema, type WordSetDetail } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getWordSet(childId: string, wordSetId: string): Promise<WordSetDetail> {
  return api(`/child/${childId}/word-sets/${wordSetId}`, { schema: WordSetDetailSchema });
}

export function wordSetQueryOptions(childId: string, wordSetId: string) {
  return queryOptions({
    queryKey: ['word-set', childId, wordSetId],
    queryFn: () => getWordSet(childId, wordSetId),
    // The words' schedules change as they are graded: load them fresh for every session.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useWordSet(childId: string, wordSetId: string) {
  return useQuery(wordSetQueryOptions(childId, wordSetId));
}
