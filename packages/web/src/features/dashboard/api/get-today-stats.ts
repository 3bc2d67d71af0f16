import { TodayStatsSchema, type TodayStats } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /review/today/{childId}`: today's figures in the parent's local day. */
export function getTodayStats(childId: string): Promise<TodayStats> {
  return api(`/review/today/${childId}`, { schema: TodayStatsSchema });
}

export function todayStatsQueryOptions(childId: string) {
  return queryOptions({
    queryKey: queryKeys.review.today(childId),
    queryFn: () => getTodayStats(childId),
    // Practice happens on another page: the figures are fresh each time the dashboard opens.
    staleTime: 0,
  });
}

export function useTodayStats(childId: string) {
  return useQuery(todayStatsQueryOptions(childId));
}
