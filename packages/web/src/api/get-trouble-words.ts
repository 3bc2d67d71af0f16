import { TroubleWordsSchema, type TroubleWord } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/*
 * Shared by the dashboard (its entry) and practice (the trouble-words practice): features do not
 * import each other.
 */

/** `GET /child/{childId}/trouble-words`: the ten practised words least likely to be right on their test days. */
export function getTroubleWords(childId: string): Promise<TroubleWord[]> {
  return api(`/child/${childId}/trouble-words`, { schema: TroubleWordsSchema });
}

/**
 * Fresh on every visit (grades change it; the server answers from its read cache). `frozen`
 * (the practice) reads once: a refetch must never change the words under a practice.
 */
export function useTroubleWords(childId: string, { frozen = false } = {}) {
  return useQuery({
    queryKey: queryKeys.troubleWords(childId),
    queryFn: () => getTroubleWords(childId),
    staleTime: frozen ? Infinity : 0,
    ...(frozen ? { gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false } : {}),
  });
}
