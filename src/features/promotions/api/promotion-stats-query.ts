// Stat cards of the promotion codes screen: total, active, inactive codes and total uses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { promotionKeys } from './promotion-keys.ts';

export interface PromotionStats {
  total: number;
  active: number;
  inactive: number;
  uses: number;
}

export function promotionStatsQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.stats(),
    queryFn: async ({ signal }) =>
      unwrap(await supabase.rpc('admin_discount_code_stats').abortSignal(signal)) as unknown as PromotionStats,
  });
}

export function usePromotionStats() {
  return useQuery(promotionStatsQueryOptions());
}
