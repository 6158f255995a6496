// The promotion codes' figures and page for the address's filters (its own URL parser).
import { listView } from '@/lib/lists/paging.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { promotionStatsQueryOptions } from '@/features/promotions/api/promotion-stats-query.ts';
import { promotionsQueryOptions } from '@/features/promotions/api/promotions-query.ts';
import { PROMOTIONS_URL_DEFAULTS, PROMOTIONS_URL_OPTIONS, promotionFiltersOf } from '@/features/promotions/api/promotions-url.ts';

export const load: ScreenLoader = ({ queryClient, url }) => {
  const state = parseUrlState(url.searchParams, PROMOTIONS_URL_DEFAULTS, PROMOTIONS_URL_OPTIONS);
  return Promise.allSettled([
    queryClient.ensureQueryData(once(promotionStatsQueryOptions())),
    queryClient.ensureQueryData(once(promotionsQueryOptions(promotionFiltersOf(state), listView(state)))),
  ]);
};
