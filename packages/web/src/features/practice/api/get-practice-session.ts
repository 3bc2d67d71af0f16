import { PracticeSessionSchema, type PracticeSession } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The stored order and position; the server builds a fresh one when none is stored. */
export function getPracticeSession(childId: string, wordSetId: string): Promise<PracticeSession> {
  return api(`/practice-session/${childId}/${wordSetId}`, { schema: PracticeSessionSchema });
}

export function practiceSessionQueryOptions(childId: string, wordSetId: string) {
  return queryOptions({
    queryKey: queryKeys.practiceSession(childId, wordSetId),
    queryFn: () => getPracticeSession(childId, wordSetId),
    // Read once when the page opens; afterwards the page's own state is the truth, and a
    // background refetch must never move the parent to another question.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePracticeSession(childId: string, wordSetId: string, enabled = true) {
  return useQuery({ ...practiceSessionQueryOptions(childId, wordSetId), enabled });
}
