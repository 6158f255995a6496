// The customers list's page for the address's filters, read with the list's own URL parser.
import { PROFILES_LIST_DEFAULTS } from '@/lib/lists/profiles-list-filters.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { CUSTOMER_LIST_ALLOWED } from '@/features/customers/api/customer-filters.ts';
import { customersQueryOptions } from '@/features/customers/api/customers-query.ts';

export const load: ScreenLoader = ({ queryClient, url }) =>
  queryClient.ensureQueryData(once(customersQueryOptions(parseUrlState(url.searchParams, PROFILES_LIST_DEFAULTS, { allowed: CUSTOMER_LIST_ALLOWED }))));
