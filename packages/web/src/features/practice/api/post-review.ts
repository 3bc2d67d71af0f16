import type { PostReview } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practiceOutbox } from './practice-outbox';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /review/{childId}`: a finished session's daily statistics. With no network it waits in
 * the outbox behind the session's grades (null); its idempotency key makes a second send
 * harmless, and `completedOn` files it under the day the practice finished.
 */
export async function postReview(childId: string, body: PostReview): Promise<{ id: string } | null> {
  return (await practiceOutbox()).sendRequest<{ id: string }>({
    method: 'POST',
    path: `/review/${childId}`,
    body,
  });
}

export function usePostReview(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReview) => postReview(childId, body),
    // The dashboard's statistics are now out of date; it refetches them when it opens.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.review.child(childId), refetchType: 'none' }),
  });
}
