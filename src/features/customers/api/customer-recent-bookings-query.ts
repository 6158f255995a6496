// A customer's 10 most recent bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { customerKeys } from './keys.ts';

export const RECENT_LIMIT = 10;

export interface CustomerRecentBooking {
  id: string;
  created_at: string;
  status: string;
  service_name: string;
  service_item_name: string | null;
  final_price: number;
}

export function customerRecentBookingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.recentBookings(id),
    queryFn: async (): Promise<CustomerRecentBooking[]> =>
      unwrap(
        await supabase
          .from('bookings')
          .select('id, created_at, status, service_name, service_item_name, final_price')
          .eq('customer_id', id)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(RECENT_LIMIT),
      ) ?? [],
  });
}

export function useCustomerRecentBookings(id: string) {
  return useQuery(customerRecentBookingsQueryOptions(id));
}
