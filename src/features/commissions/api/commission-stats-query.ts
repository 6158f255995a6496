// The four stat cards, computed by the database over every row matching the current filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionStatsSchema } from './commission-types.ts';
import { commissionKeys } from './keys.ts';

export function commissionStatsQueryOptions(filters: CommissionFilters) {
  return queryOptions({
    queryKey: commissionKeys.stats(filters),
    queryFn: async ({ signal }) =>
      commissionStatsSchema.parse(unwrap(await supabase.rpc('admin_commission_stats', toCommissionArgs(filters)).abortSignal(signal))),
    placeholderData: keepPreviousData,
  });
}

export function useCommissionStats(filters: CommissionFilters) {
  return useQuery(commissionStatsQueryOptions(filters));
}
