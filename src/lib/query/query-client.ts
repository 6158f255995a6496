// React Query defaults for the whole app: a lost connection is retried once (0.5 s later), a server
// that is unavailable or failing (5xx, e.g. Postgres restarting) twice (0.5 s then 1 s later), 4xx
// answers (permission, validation, not found) never. The Supabase client does not retry on its own
// (`db.retry: false`, lib/supabase/supabase.ts), so a screen whose reads fail shows its error and "Thử lại"
// within a few seconds.
import { QueryClient } from '@tanstack/react-query';
import { isNetworkError, isRetryableError } from '@/lib/errors/errors.ts';

export const MAX_QUERY_RETRIES = 2;
export const MAX_NETWORK_RETRIES = 1;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isNetworkError(error)) return failureCount < MAX_NETWORK_RETRIES;
  return failureCount < MAX_QUERY_RETRIES && isRetryableError(error);
}

/** Delay before retry number `attempt` (0-based): 0.5 s, 1 s, at most 2 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 2000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
