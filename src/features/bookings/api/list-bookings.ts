// One page of the bookings list from public.admin_list_bookings: filtered, newest first, 50 rows,
// with the total (exact, or an estimate flagged `totalExact: false`).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { pageArgs, type BookingListFilters, type ListBookingsArgs } from './booking-filters.ts';
import { bookingKeys } from './keys.ts';

export const bookingRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.string(),
  customer_id: z.string().nullable(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  provider_id: z.string().nullable(),
  provider_name: z.string().nullable(),
  category_name: z.string().nullable(),
  service_name: z.string(),
  service_item_name: z.string().nullable(),
  final_price: z.number(),
  scheduled_at: z.string().nullable(),
  payment_method: z.string(),
});

export type BookingRow = z.infer<typeof bookingRowSchema>;

const pageSchema = z.object({
  rows: z.array(bookingRowSchema),
  total: z.number().nullable(),
  total_exact: z.boolean().nullable(),
});

export interface BookingPage {
  rows: BookingRow[];
  total: number;
  totalExact: boolean;
}

/** Calls the RPC and validates its answer. */
export async function callListBookings(args: ListBookingsArgs): Promise<{ rows: BookingRow[]; total: number | null; totalExact: boolean | null }> {
  const data: unknown = unwrap(await supabase.rpc('admin_list_bookings', args));
  const parsed = pageSchema.parse(data);
  return { rows: parsed.rows, total: parsed.total, totalExact: parsed.total_exact };
}

export function bookingsListQueryOptions(filters: BookingListFilters) {
  return queryOptions({
    queryKey: bookingKeys.list(filters),
    queryFn: async (): Promise<BookingPage> => {
      const result = await callListBookings(pageArgs(filters));
      return { rows: result.rows, total: result.total ?? result.rows.length, totalExact: result.totalExact ?? true };
    },
    placeholderData: keepPreviousData,
  });
}

export function useBookingsList(filters: BookingListFilters) {
  return useQuery(bookingsListQueryOptions(filters));
}
