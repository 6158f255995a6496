// The four stat cards (and the row count for the pager), computed by the database over every row
// matching the current filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionKeys } from './commission-keys.ts';
import type { CommissionStats } from './commission-types.ts';

export function commissionStatsQueryOptions(filters: CommissionFilters) {
  return queryOptions({
    queryKey: commissionKeys.stats(filters),
    queryFn: async ({ signal }) => {
      const result = await supabase.rpc('admin_commission_stats', toCommissionArgs(filters)).abortSignal(signal);
      const stats = unwrap(result) as unknown as CommissionStats;
      return { ...stats, average_rate: Number(stats.average_rate) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCommissionStats(filters: CommissionFilters) {
  return useQuery(commissionStatsQueryOptions(filters));
}
