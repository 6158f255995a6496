// The deposit history's figures and page for the address's filters (its own URL parser).
import { listView } from '@/lib/lists/paging.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { depositStatsQueryOptions } from '@/features/deposits/api/deposit-stats-query.ts';
import { depositsQueryOptions } from '@/features/deposits/api/deposits-query.ts';
import { DEPOSITS_URL_DEFAULTS, DEPOSITS_URL_OPTIONS, depositFiltersOf } from '@/features/deposits/api/deposits-url.ts';

export const load: ScreenLoader = ({ queryClient, url }) => {
  const state = parseUrlState(url.searchParams, DEPOSITS_URL_DEFAULTS, DEPOSITS_URL_OPTIONS);
  const filters = depositFiltersOf(state);
  return Promise.allSettled([
    queryClient.ensureQueryData(once(depositStatsQueryOptions(filters))),
    queryClient.ensureQueryData(once(depositsQueryOptions(filters, listView(state)))),
  ]);
};
