import { CreatedSchema, type PostReview } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /review/{childId}`: a finished session's daily statistics. */
export function postReview(childId: string, body: PostReview) {
  return api(`/review/${childId}`, { method: 'POST', body, schema: CreatedSchema });
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
