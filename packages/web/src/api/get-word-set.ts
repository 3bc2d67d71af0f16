import { WordSetDetailSchema, type WordSetDetail } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/*
 * Server calls used by more than one feature live here (features do not import each other):
 * practice and the edit page read the same word set through the same cache entry.
 */

/** `GET /child/{childId}/word-sets/{wordSetId}`: the set with its words in list order. */
export function getWordSet(childId: string, wordSetId: string): Promise<WordSetDetail> {
  return api(`/child/${childId}/word-sets/${wordSetId}`, { schema: WordSetDetailSchema });
}

export function wordSetQueryOptions(childId: string, wordSetId: string) {
  return queryOptions({
    queryKey: queryKeys.wordSet(childId, wordSetId),
    queryFn: () => getWordSet(childId, wordSetId),
    // Grading changes the words' schedules, and editing starts from what the server holds
    // now: every session and every edit loads them fresh, never from an older copy.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useWordSet(childId: string, wordSetId: string) {
  return useQuery(wordSetQueryOptions(childId, wordSetId));
}
