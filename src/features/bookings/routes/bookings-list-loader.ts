// The bookings list's page for the address's filters, read with the list's own URL parser.
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { BOOKING_LIST_ALLOWED, BOOKING_LIST_DEFAULTS } from '@/features/bookings/api/booking-filters.ts';
import { bookingsQueryOptions } from '@/features/bookings/api/bookings-query.ts';

export const load: ScreenLoader = ({ queryClient, url }) =>
  queryClient.ensureQueryData(once(bookingsQueryOptions(parseUrlState(url.searchParams, BOOKING_LIST_DEFAULTS, { allowed: BOOKING_LIST_ALLOWED }))));
