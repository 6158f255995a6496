// Stat cards of the deposit history for the current filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositStatsSchema } from './deposit-types.ts';
import { depositKeys } from './keys.ts';

export function depositStatsQueryOptions(filters: DepositFilters) {
  return queryOptions({
    queryKey: depositKeys.stats(filters),
    queryFn: async ({ signal }) =>
      depositStatsSchema.parse(unwrap(await supabase.rpc('admin_deposit_stats', toDepositArgs(filters)).abortSignal(signal))),
    placeholderData: keepPreviousData,
  });
}

export function useDepositStats(filters: DepositFilters) {
  return useQuery(depositStatsQueryOptions(filters));
}
