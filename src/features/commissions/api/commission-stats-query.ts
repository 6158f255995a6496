// The four stat cards, computed by the database over every row matching the current filters.
import { useQuery } from '@tanstack/react-query';
import { listStatsQueryOptions } from '@/lib/lists/list-query.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionStatsSchema } from './commission-types.ts';
import { commissionKeys } from './keys.ts';

export function commissionStatsQueryOptions(filters: CommissionFilters) {
  return listStatsQueryOptions(commissionKeys.stats(filters), 'admin_commission_stats', toCommissionArgs(filters), commissionStatsSchema);
}

export function useCommissionStats(filters: CommissionFilters) {
  return useQuery(commissionStatsQueryOptions(filters));
}
