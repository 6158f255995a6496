// Stat cards of the deposit history for the current filters.
import { useQuery } from '@tanstack/react-query';
import { listStatsQueryOptions } from '@/lib/lists/list-query.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositStatsSchema } from './deposit-types.ts';
import { depositKeys } from './keys.ts';

export function depositStatsQueryOptions(filters: DepositFilters) {
  return listStatsQueryOptions(depositKeys.stats(filters), 'admin_deposit_stats', toDepositArgs(filters), depositStatsSchema);
}

export function useDepositStats(filters: DepositFilters) {
  return useQuery(depositStatsQueryOptions(filters));
}
