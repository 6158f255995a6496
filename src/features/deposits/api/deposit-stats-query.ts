// Stat cards of the deposit history for the current filters (also the pager's total).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositKeys } from './deposit-keys.ts';
import type { DepositStats } from './deposit-types.ts';

export function depositStatsQueryOptions(filters: DepositFilters) {
  return queryOptions({
    queryKey: depositKeys.stats(filters),
    queryFn: async ({ signal }) =>
      unwrap(await supabase.rpc('admin_deposit_stats', toDepositArgs(filters)).abortSignal(signal)) as unknown as DepositStats,
    placeholderData: keepPreviousData,
  });
}

export function useDepositStats(filters: DepositFilters) {
  return useQuery(depositStatsQueryOptions(filters));
}
