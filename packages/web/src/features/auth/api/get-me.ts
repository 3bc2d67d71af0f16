import type { Me } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseMe } from '../lib/parse-answers';

export function getMe(): Promise<Me> {
  return api('/auth/me').then(parseMe);
}

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** The specification: no retry and no refetch on window focus (a 401 is handled by the API client). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Asks only when a token is stored: without one the visitor is signed out, no call needed. */
export function useMe(hasToken: boolean) {
  return useQuery({ ...meQueryOptions(), enabled: hasToken });
}
