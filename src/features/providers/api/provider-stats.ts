// Booking statistics of one provider (public.provider_stats) and its 10 most recent bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { providerKeys } from './keys.ts';

const statsSchema = z.object({
  total: z.coerce.number(),
  completed: z.coerce.number(),
  pending: z.coerce.number(),
  in_progress: z.coerce.number(),
  total_revenue: z.coerce.number(),
});

export type ProviderStats = z.infer<typeof statsSchema>;

export function providerStatsQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerKeys.stats(id),
    queryFn: async (): Promise<ProviderStats> => statsSchema.parse(unwrap(await supabase.rpc('provider_stats', { p_provider_id: id }))),
  });
}

export function useProviderStats(id: string) {
  return useQuery(providerStatsQueryOptions(id));
}

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
