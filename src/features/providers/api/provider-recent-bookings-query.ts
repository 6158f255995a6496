// A provider's 10 most recent bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { providerKeys } from './keys.ts';

export const RECENT_LIMIT = 10;

export interface ProviderRecentBooking {
  id: string;
  created_at: string;
  status: string;
  customer_name: string;
  service_name: string;
  service_item_name: string | null;
  final_price: number;
}

export function providerRecentBookingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerKeys.recentBookings(id),
    queryFn: async (): Promise<ProviderRecentBooking[]> =>
      unwrap(
        await supabase
          .from('bookings')
          .select('id, created_at, status, customer_name, service_name, service_item_name, final_price')
          .eq('provider_id', id)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(RECENT_LIMIT),
      ) ?? [],
  });
}

export function useProviderRecentBookings(id: string) {
  return useQuery(providerRecentBookingsQueryOptions(id));
}
