// The data half of an admin route (docs/architecture.md#routes-and-loaders). A screen's loader
// module exports one `load` of this type; the route's loader (src/app/admin-loader.ts) calls it for
// a signed-in admin with the back office's React Query cache, so the screen's first queries are in
// flight beside its chunk and the screen renders from the cache.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';

export interface ScreenLoaderArgs {
  queryClient: QueryClient;
  /** The address being opened (its query string is read with the screen's own parser). */
  url: URL;
  params: LoaderFunctionArgs['params'];
}

/**
 * Puts the screen's first queries in the cache (`queryClient.ensureQueryData(xxxQueryOptions(...))`),
 * waiting for every one of them (`Promise.allSettled`, not `Promise.all`): a query still in flight
 * with the loader's one-attempt options when the screen mounts is joined by the screen's own query,
 * which then fails with it instead of retrying (a lost connection showed the error instead of the rows).
 */
export type ScreenLoader = (args: ScreenLoaderArgs) => Promise<unknown>;

/**
 * A screen's query as its loader asks for it: one attempt, no retries. A navigation does not wait
 * through retries of a failing request; the screen then shows its error state, and its own
 * `useQuery` retries as the app's defaults say (lib/query/query-client.ts).
 */
export function once<T extends object>(options: T): T {
  return { ...options, retry: false };
}
