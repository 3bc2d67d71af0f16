import { SharedListSchema } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /shared-lists/{code}`: the list a code shares (404 unknown, 410 stopped, 429 too many). */
export const sharedListQueryOptions = (code: string) => ({
  queryKey: queryKeys.sharedList(code),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(`/shared-lists/${encodeURIComponent(code)}`, { schema: SharedListSchema, signal }),
  // Each lookup counts against 20 a minute: an answer that cannot change by asking again is final.
  retry: (failures: number, error: Error) =>
    !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  staleTime: 60_000,
});

export function useSharedList(code: string) {
  return useQuery(sharedListQueryOptions(code));
}
