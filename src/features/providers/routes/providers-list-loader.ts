// The providers list's page for the address's filters, read with the list's own URL parser.
import { PROFILES_LIST_DEFAULTS } from '@/lib/lists/profiles-list-filters.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { PROVIDER_LIST_ALLOWED } from '@/features/providers/api/provider-filters.ts';
import { providersQueryOptions } from '@/features/providers/api/providers-query.ts';

export const load: ScreenLoader = ({ queryClient, url }) =>
  queryClient.ensureQueryData(once(providersQueryOptions(parseUrlState(url.searchParams, PROFILES_LIST_DEFAULTS, { allowed: PROVIDER_LIST_ALLOWED }))));
