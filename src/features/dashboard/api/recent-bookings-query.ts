// The 10 most recent bookings shown on the dashboard (index on created_at desc).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { dashboardKeys } from './keys.ts';

export const RECENT_BOOKINGS_LIMIT = 10;

export interface RecentBooking {
  id: string;
  created_at: string;
  status: string;
  customer_name: string;
  service_name: string;
  service_item_name: string | null;
  final_price: number;
}

export function recentBookingsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.recentBookings(),
    queryFn: async (): Promise<RecentBooking[]> => {
      const rows = unwrap(
        await supabase
          .from('bookings')
          .select('id, created_at, status, customer_name, service_name, service_item_name, final_price')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(RECENT_BOOKINGS_LIMIT),
      );
      return rows ?? [];
    },
  });
}

export function useRecentBookings() {
  return useQuery(recentBookingsQueryOptions());
}
