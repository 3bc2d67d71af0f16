import { TroubleWordsSchema, type Language, type TroubleWord } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/*
 * Shared by the dashboard (its entry) and practice (the trouble-words practice): features do not
 * import each other.
 */

/**
 * `GET /child/{childId}/trouble-words`: the practised words the child gets wrong, weakest first;
 * with `language`, only those of that language.
 */
export function getTroubleWords(childId: string, language?: Language): Promise<TroubleWord[]> {
  const query = language ? `?${new URLSearchParams({ language })}` : '';
  return api(`/child/${childId}/trouble-words${query}`, { schema: TroubleWordsSchema });
}

/**
 * Fresh on every visit (grades change it; the server answers from its read cache). `frozen`
 * (the practice) reads once: a refetch must never change the words under a practice.
 */
export function useTroubleWords(
  childId: string,
  { frozen = false, language }: { frozen?: boolean; language?: Language } = {},
) {
  return useQuery({
    queryKey: queryKeys.troubleWords(childId, language),
    queryFn: () => getTroubleWords(childId, language),
    staleTime: frozen ? Infinity : 0,
    ...(frozen ? { gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false } : {}),
  });
}
