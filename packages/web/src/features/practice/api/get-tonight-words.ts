import { TonightWordsSchema, type TonightWord } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /child/{childId}/tonight-words`: the words due now across the child's sets, nearest test first. */
export function getTonightWords(childId: string): Promise<TonightWord[]> {
  return api(`/child/${childId}/tonight-words`, { schema: TonightWordsSchema });
}

/** Read once per visit: a refetch must never change the words under a practice. */
export function useTonightWords(childId: string) {
  return useQuery({
    queryKey: queryKeys.tonightWords(childId),
    queryFn: () => getTonightWords(childId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
