// Stat cards of the promotion codes screen: total, active, inactive codes and total uses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { fetchRpc } from '@/lib/supabase/rpc.ts';
import { promotionKeys } from './keys.ts';

const promotionStatsSchema = z.object({ total: z.number(), active: z.number(), inactive: z.number(), uses: z.number() });

export type PromotionStats = z.infer<typeof promotionStatsSchema>;

export function promotionStatsQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.stats(),
    queryFn: ({ signal }): Promise<PromotionStats> => fetchRpc('admin_discount_code_stats', {}, promotionStatsSchema, signal),
  });
}

export function usePromotionStats() {
  return useQuery(promotionStatsQueryOptions());
}
