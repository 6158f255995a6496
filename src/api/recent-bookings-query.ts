// The read behind the shared "10 booking gần nhất" table: the 10 newest bookings, of everyone (the
// dashboard), of one customer or of one provider. Each feature asks for it under a key of its own
// root, so its invalidations keep refreshing its table.
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { RecentBookingRow } from '@/components/domain/recent-bookings.tsx';

export const RECENT_BOOKINGS_LIMIT = 10;

export type RecentBookingsOf = { customerId: string } | { providerId: string } | null;

async function fetchRecentBookings(of: RecentBookingsOf, signal?: AbortSignal): Promise<RecentBookingRow[]> {
  let query = supabase.from('bookings').select('id, created_at, status, customer_name, service_name, service_item_name, final_price');
  if (of !== null) query = 'customerId' in of ? query.eq('customer_id', of.customerId) : query.eq('provider_id', of.providerId);
  query = query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(RECENT_BOOKINGS_LIMIT);
  return unwrap(await (signal ? query.abortSignal(signal) : query)) ?? [];
}

/** The query of the 10 newest bookings of `of`, under the caller's `queryKey`. */
export function recentBookingsQueryOptions<K extends QueryKey>(queryKey: K, of: RecentBookingsOf) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetchRecentBookings(of, signal) });
}
