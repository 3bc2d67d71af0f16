import { WordSetsByChildSchema, type ChildWithWordSets } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /word-sets/{parentId}`: every child with their word sets, already sorted by the server. */
export function getWordSets(parentId: string): Promise<ChildWithWordSets[]> {
  return api(`/word-sets/${parentId}`, { schema: WordSetsByChildSchema });
}

export function wordSetsQueryOptions(parentId: string) {
  return queryOptions({
    queryKey: queryKeys.wordSets.byParent(parentId),
    queryFn: () => getWordSets(parentId),
    // A parent may add a practice on another device: show it when they come back to this tab.
    refetchOnWindowFocus: true,
  });
}

export function useWordSets(parentId: string) {
  return useQuery(wordSetsQueryOptions(parentId));
}
