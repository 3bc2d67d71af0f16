import { HISTORY_DAYS_DEFAULT, HistorySchema, type History } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /review/history/{childId}?days=30`: words reviewed per local day, oldest first. */
export function getHistory(childId: string, days: number = HISTORY_DAYS_DEFAULT): Promise<History> {
  return api(`/review/history/${childId}?days=${days}`, { schema: HistorySchema });
}

export function historyQueryOptions(childId: string, days: number = HISTORY_DAYS_DEFAULT) {
  return queryOptions({
    queryKey: queryKeys.review.history(childId, days),
    queryFn: () => getHistory(childId, days),
    staleTime: 0,
  });
}

export function useHistory(childId: string, days: number = HISTORY_DAYS_DEFAULT) {
  return useQuery(historyQueryOptions(childId, days));
}
