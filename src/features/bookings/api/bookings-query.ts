// One page of the bookings list from public.admin_list_bookings: filtered, newest first or in the
// chosen sort, 50 rows, with the total (exact, or an estimate flagged `totalExact: false`).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import { fetchListPage, fetchListRows } from '@/lib/lists/paged-list.ts';
import { listView } from '@/lib/lists/paging.ts';
import { filterArgs, type BookingListFilters, type ListBookingsArgs } from './booking-filters.ts';
import { bookingKeys } from './keys.ts';

export const bookingRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.string(),
  customer_id: z.nullable(z.string()),
  customer_name: z.string(),
  customer_phone: z.nullable(z.string()),
  provider_id: z.nullable(z.string()),
  provider_name: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  service_name: z.string(),
  service_item_name: z.nullable(z.string()),
  final_price: z.number(),
  scheduled_at: z.nullable(z.string()),
  payment_method: z.string(),
});

export type BookingRow = z.infer<typeof bookingRowSchema>;

/** One chunk of the CSV export: counted (the first, for the progress bar) or not, with the cursor of its last row. */
export async function fetchBookingsChunk(
  args: ListBookingsArgs,
  count: boolean,
  signal?: AbortSignal,
): Promise<{ rows: BookingRow[]; total: number | null; lastCursor: string | null }> {
  if (count) return fetchListPage('admin_list_bookings', args, bookingRowSchema, signal);
  return fetchListRows('admin_list_bookings', args, bookingRowSchema, signal);
}

export function bookingsQueryOptions(filters: BookingListFilters) {
  return listPageQueryOptions(bookingKeys.list(filters), 'admin_list_bookings', filterArgs(filters), listView(filters), bookingRowSchema);
}

export function useBookings(filters: BookingListFilters) {
  return useQuery(bookingsQueryOptions(filters));
}
