import { ShareCreatedSchema, ShareStatusSchema } from '@spellwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const shareUrl = (childId: string, wordSetId: string) => `/child/${childId}/word-sets/${wordSetId}/share`;

/** `GET .../share`: the set's active code and its URL, or `share: null`. */
export const shareStatusQueryOptions = (childId: string, wordSetId: string) => ({
  queryKey: queryKeys.shareStatus(childId, wordSetId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(shareUrl(childId, wordSetId), { schema: ShareStatusSchema, signal }),
});

export function useShareStatus(childId: string, wordSetId: string) {
  return useQuery(shareStatusQueryOptions(childId, wordSetId));
}

/** `POST .../share` → the code (the same one while the set is shared) and its URL. */
export function useShareList(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(shareUrl(childId, wordSetId), { method: 'POST', schema: ShareCreatedSchema }),
    onSuccess: (share) => queryClient.setQueryData(queryKeys.shareStatus(childId, wordSetId), { share }),
  });
}

/** `DELETE .../share` → 204: the code stops working for good. */
export function useStopSharing(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(shareUrl(childId, wordSetId), { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(queryKeys.shareStatus(childId, wordSetId), { share: null }),
  });
}
