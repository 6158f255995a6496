// The commissions screen's figures and page for the address's filters (its own URL parser).
import { listView } from '@/lib/lists/paging.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { commissionStatsQueryOptions } from '@/features/commissions/api/commission-stats-query.ts';
import { commissionsQueryOptions } from '@/features/commissions/api/commissions-query.ts';
import { COMMISSIONS_URL_DEFAULTS, COMMISSIONS_URL_OPTIONS, commissionFiltersOf } from '@/features/commissions/api/commissions-url.ts';

export const load: ScreenLoader = ({ queryClient, url }) => {
  const state = parseUrlState(url.searchParams, COMMISSIONS_URL_DEFAULTS, COMMISSIONS_URL_OPTIONS);
  const filters = commissionFiltersOf(state);
  return Promise.allSettled([
    queryClient.ensureQueryData(once(commissionStatsQueryOptions(filters))),
    queryClient.ensureQueryData(once(commissionsQueryOptions(filters, listView(state)))),
  ]);
};
