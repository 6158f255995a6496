// One page of deposit history rows (newest first) with the provider's current balance and status,
// and the total of every matching row.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchListPage } from '@/lib/paged-list.ts';
import { pageArgs } from '@/lib/paging.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositRowSchema } from './deposit-types.ts';
import { depositKeys } from './keys.ts';

export function depositsQueryOptions(filters: DepositFilters, page: number) {
  return queryOptions({
    queryKey: depositKeys.list(filters, page),
    queryFn: ({ signal }) => fetchListPage('admin_list_deposits', { ...toDepositArgs(filters), ...pageArgs(page) }, depositRowSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(filters: DepositFilters, page: number) {
  return useQuery(depositsQueryOptions(filters, page));
}
