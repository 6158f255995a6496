// Booking statistics of one provider (public.provider_stats).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { fetchRpc } from '@/lib/supabase/rpc.ts';
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
    queryFn: () => fetchRpc('provider_stats', { p_provider_id: id }, statsSchema),
  });
}

export function useProviderStats(id: string) {
  return useQuery(providerStatsQueryOptions(id));
}
