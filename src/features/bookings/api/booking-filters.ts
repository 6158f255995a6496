// The bookings list's filters as they live in the URL, and their translation into the arguments
// of public.admin_list_bookings (pure functions, unit-tested).
import { TIME_RANGES, timeRangeStart, type TimeRange } from '@/lib/format.ts';
import type { ListRpcArgs } from '@/lib/paged-list.ts';
import { PAGE_SIZE, pageArgs } from '@/lib/paging.ts';
import { isUuid } from '@/lib/search.ts';

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
  time: string;
}

export interface BookingListFilters extends BookingFilterValues {
  [key: string]: string | number;
  page: number;
}

/** URL state of the list: '' means "no filter". Keys are short because they show in the URL. */
export const BOOKING_LIST_DEFAULTS: BookingListFilters = {
  status: '',
  provider: '',
  pkg: '',
  service: '',
  time: 'all',
  page: 1,
};

export const BOOKING_LIST_ALLOWED = {
  status: ['', ...BOOKING_STATUSES],
  time: [...TIME_RANGES],
} as const;

export type ListBookingsArgs = ListRpcArgs<'admin_list_bookings'>;

/** Filter arguments shared by the page query and the export (no paging). */
export function filterArgs(filters: BookingFilterValues, now: Date = new Date()): ListBookingsArgs {
  const args: ListBookingsArgs = {};
  if (isBookingStatus(filters.status)) args.p_status = filters.status;
  if (isUuid(filters.provider)) args.p_provider_id = filters.provider.toLowerCase();
  const pkg = filters.pkg.trim();
  if (pkg !== '') args.p_package = pkg;
  const service = filters.service.trim();
  if (service !== '') args.p_service = service;
  const time = (TIME_RANGES as readonly string[]).includes(filters.time) ? (filters.time as TimeRange) : 'all';
  const since = timeRangeStart(time, now);
  if (since !== null) args.p_since = since.toISOString();
  return args;
}

/** Arguments for one page of the list (50 rows, offset from the 1-based page). */
export function listPageArgs(filters: BookingListFilters, now: Date = new Date()): ListBookingsArgs {
  return { ...filterArgs(filters, now), ...pageArgs(filters.page, PAGE_SIZE) };
}

/** Arguments for the export chunk after the row (createdAt, id), or the first chunk. */
export function exportChunkArgs(
  filters: BookingFilterValues,
  chunkSize: number,
  after: { createdAt: string; id: string } | null,
  now: Date,
): ListBookingsArgs {
  const args: ListBookingsArgs = { ...filterArgs(filters, now), p_limit: chunkSize };
  if (after !== null) {
    args.p_after_created_at = after.createdAt;
    args.p_after_id = after.id;
  }
  return args;
}
