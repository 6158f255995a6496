// The reviews page for the address's filters (its own URL parser).
import { listView } from '@/lib/lists/paging.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { reviewsQueryOptions } from '@/features/reviews/api/reviews-query.ts';
import { REVIEWS_URL_DEFAULTS, REVIEWS_URL_OPTIONS, reviewFiltersOf } from '@/features/reviews/api/reviews-url.ts';

export const load: ScreenLoader = ({ queryClient, url }) => {
  const state = parseUrlState(url.searchParams, REVIEWS_URL_DEFAULTS, REVIEWS_URL_OPTIONS);
  return queryClient.ensureQueryData(once(reviewsQueryOptions(reviewFiltersOf(state), listView(state))));
};
