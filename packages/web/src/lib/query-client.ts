import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline, a query still runs once: the API client answers the kept copy
        // (lib/kept-answers.ts). Only its retries wait for the network.
        networkMode: 'offlineFirst',
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      // Offline, a change fails at once with "this needs a connection" (api-client.ts'
      // OfflineError) rather than waiting silently, buttons spinning, for the network.
      mutations: { networkMode: 'always' },
    },
  });
}
