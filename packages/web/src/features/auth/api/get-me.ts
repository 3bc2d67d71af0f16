import type { Me } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { parseMe } from '../lib/parse-answers';

export function getMe(): Promise<Me> {
  return api('/auth/me').then(parseMe);
}

/** The specification: no retry and no refetch on window focus (a 401 is handled by the API client). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.me(),
    queryFn: getMe,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Asks only when a token is stored: without one the visitor is signed out, no call needed. */
export function useMe(hasToken: boolean) {
  return useQuery({ ...meQueryOptions(), enabled: hasToken });
}
