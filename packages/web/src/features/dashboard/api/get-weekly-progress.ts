import { WeeklyProgressSchema, type WeeklyProgress } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /review/weeks/{childId}`: the last 12 weeks, oldest first. */
export function getWeeklyProgress(childId: string): Promise<WeeklyProgress> {
  return api(`/review/weeks/${childId}`, { schema: WeeklyProgressSchema });
}

/** Fresh on every visit: grades change it (they make `review.child` stale). */
export function useWeeklyProgress(childId: string) {
  return useQuery({
    queryKey: queryKeys.review.weeks(childId),
    queryFn: () => getWeeklyProgress(childId),
    staleTime: 0,
  });
}
