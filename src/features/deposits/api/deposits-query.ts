// One page of deposit history rows (newest first by default, or the chosen sort) with the
// provider's current balance and status, and the total of every matching row.
import { useQuery } from '@tanstack/react-query';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import type { ListView } from '@/lib/lists/paging.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositRowSchema } from './deposit-types.ts';
import { depositKeys } from './keys.ts';

export function depositsQueryOptions(filters: DepositFilters, view: ListView) {
  return listPageQueryOptions(depositKeys.list(filters, view), 'admin_list_deposits', toDepositArgs(filters), view, depositRowSchema);
}

export function useDeposits(filters: DepositFilters, view: ListView) {
  return useQuery(depositsQueryOptions(filters, view));
}
