// The services screen's list for the address's search (CATALOGUE_URL, the screen's own URL parser).
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { CATALOGUE_URL_DEFAULTS } from '@/features/catalogue/api/catalogue-url.ts';
import { servicesQueryOptions } from '@/features/catalogue/api/services-query.ts';

export const load: ScreenLoader = ({ queryClient, url }) =>
  queryClient.ensureQueryData(once(servicesQueryOptions(parseUrlState(url.searchParams, CATALOGUE_URL_DEFAULTS).q)));
