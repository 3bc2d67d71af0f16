import type { Me } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { parseMe } from '../lib/parse-answers';

export function getMe(): Promise<Me> {
  return api('/auth/me').then(parseMe);
}

/**
 * True when the server refused the token (a 4xx, after the API client's one refresh): only
 * then is the parent signed out. A network failure or a 5xx says nothing about the token.
 */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.status < 500;

/** Waits between tries when the server cannot be reached: 1 s, 2 s, 4 s... at most 15 s. */
export const ME_RETRY_DELAY = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000);

/**
 * No refetch on window focus (the specification). The specification's "no retry" is kept for
 * a refused token; a network failure or a 5xx is tried again until it answers, so a short
 * outage never signs a parent out whose token is still good (issue 17 item 7).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.me(),
    queryFn: getMe,
    retry: (_failures, error) => !isRefusal(error),
    retryDelay: ME_RETRY_DELAY,
    refetchOnWindowFocus: false,
  });

/** Asks only when a token is stored: without one the visitor is signed out, no call needed. */
export function useMe(hasToken: boolean) {
  return useQuery({ ...meQueryOptions(), enabled: hasToken });
}
