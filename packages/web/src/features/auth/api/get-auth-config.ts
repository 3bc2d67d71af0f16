import type { PublicConfig } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { parsePublicConfig } from '../lib/parse-answers';

/** Which sign-in the server offers: Google (with its client id) or the local demo account. */
export function getAuthConfig(): Promise<PublicConfig> {
  return api('/auth/config').then(parsePublicConfig);
}

export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.config(),
    queryFn: getAuthConfig,
    // Fixed for the life of the server process.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
