// One page (50 rows) of commissions for the current filters, newest first, with the total of
// every matching row.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchListPage } from '@/lib/paged-list.ts';
import { pageArgs } from '@/lib/paging.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionRowSchema } from './commission-types.ts';
import { commissionKeys } from './keys.ts';

export function commissionsQueryOptions(filters: CommissionFilters, page: number) {
  return queryOptions({
    queryKey: commissionKeys.list(filters, page),
    queryFn: ({ signal }) =>
      fetchListPage('admin_list_commissions', { ...toCommissionArgs(filters), ...pageArgs(page) }, commissionRowSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCommissions(filters: CommissionFilters, page: number) {
  return useQuery(commissionsQueryOptions(filters, page));
}
