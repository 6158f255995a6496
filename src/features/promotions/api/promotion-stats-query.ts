// Stat cards of the promotion codes screen: total, active, inactive codes and total uses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { promotionKeys } from './keys.ts';

const promotionStatsSchema = z.object({ total: z.number(), active: z.number(), inactive: z.number(), uses: z.number() });

export type PromotionStats = z.infer<typeof promotionStatsSchema>;

export function promotionStatsQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.stats(),
    queryFn: async ({ signal }): Promise<PromotionStats> =>
      promotionStatsSchema.parse(unwrap(await supabase.rpc('admin_discount_code_stats').abortSignal(signal))),
  });
}

export function usePromotionStats() {
  return useQuery(promotionStatsQueryOptions());
}
