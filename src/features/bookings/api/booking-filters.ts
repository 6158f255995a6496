// The bookings list's filters, sort and page as they live in the URL, and their translation into
// the arguments of public.admin_list_bookings (pure functions, unit-tested).
import { TIME_RANGES, timeRangeStart, type TimeRange } from '@/lib/format/format.ts';
import type { ListRpcArgs } from '@/lib/lists/paged-list.ts';
import { LIST_VIEW_DEFAULTS, OFFSET_WINDOW, TEXT_OFFSET_WINDOW } from '@/lib/lists/paging.ts';
import { parseSort, sortArg, sortValues } from '@/lib/lists/sort.ts';
import { isUuid, textArg } from '@/lib/lists/search.ts';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'pending_completion', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** The filters without the page: what the export and the count depend on. */
export interface BookingFilterValues {
  status: string;
  provider: string;
  pkg: string;
  service: string;
  customer: string;
  time: string;
}

export interface BookingListFilters extends BookingFilterValues {
  [key: string]: string | number;
  sort: string;
  page: number;
  after: string;
  before: string;
}

/** URL state of the list: '' means "no filter". Keys are short because they show in the URL. */
export const BOOKING_LIST_DEFAULTS: BookingListFilters = {
  status: '',
  provider: '',
  pkg: '',
  service: '',
  customer: '',
  time: 'all',
  ...LIST_VIEW_DEFAULTS,
};

/** The order of the list when the URL names none. */
export const BOOKING_LIST_DEFAULT_SORT = 'created_at.desc';

export const BOOKING_LIST_ALLOWED = {
  status: ['', ...BOOKING_STATUSES],
  time: [...TIME_RANGES],
  sort: sortValues(['created_at', 'final_price', 'customer_name']),
};

export type ListBookingsArgs = ListRpcArgs<'admin_list_bookings'>;

/** Filter arguments shared by the page query and the export (no paging). */
export function filterArgs(filters: BookingFilterValues, now: Date = new Date()): ListBookingsArgs {
  const args: ListBookingsArgs = {
    ...textArg('p_package', filters.pkg),
    ...textArg('p_service', filters.service),
    ...textArg('p_customer', filters.customer),
  };
  if (isBookingStatus(filters.status)) args.p_status = filters.status;
  if (isUuid(filters.provider)) args.p_provider_id = filters.provider.toLowerCase();
  const time = (TIME_RANGES as readonly string[]).includes(filters.time) ? (filters.time as TimeRange) : 'all';
  const since = timeRangeStart(time, now);
  if (since !== null) args.p_since = since.toISOString();
  return args;
}

/**
 * Rows a page number may skip (docs/search.md#deep-pages), as public.admin_list_bookings bounds them
 * for these arguments and this sort ('' is the default order): every page of the default order
 * filtered at most by status and period (the daily rollup locates it); 500 rows from either end
 * with typed text, or with a period in another order than by creation time; else 2,000.
 */
export function bookingsOffsetWindow(args: ListBookingsArgs, sort: string): number {
  if (args.p_package !== undefined || args.p_service !== undefined || args.p_customer !== undefined) return TEXT_OFFSET_WINDOW;
  const key = parseSort(sort === '' ? BOOKING_LIST_DEFAULT_SORT : sort)?.column ?? 'created_at';
  if (args.p_since !== undefined && key !== 'created_at') return TEXT_OFFSET_WINDOW;
  if (args.p_provider_id === undefined && (sort === '' || sort === BOOKING_LIST_DEFAULT_SORT)) return Infinity;
  return OFFSET_WINDOW;
}

/** Arguments for the export chunk in the list's sort after the cursor of the previous chunk's last row, or the first chunk. */
export function exportChunkArgs(filters: BookingFilterValues, sort: string, chunkSize: number, after: string | null, now: Date): ListBookingsArgs {
  return { ...filterArgs(filters, now), ...sortArg(sort), p_limit: chunkSize, ...(after === null ? {} : { p_after: after }) };
}
