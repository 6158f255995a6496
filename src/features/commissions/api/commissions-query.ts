// One page (50 rows) of commissions for the current filters, in the chosen sort (newest first by
// default), with the total of every matching row.
import { useQuery } from '@tanstack/react-query';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import type { ListView } from '@/lib/lists/paging.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionRowSchema } from './commission-types.ts';
import { commissionKeys } from './keys.ts';

export function commissionsQueryOptions(filters: CommissionFilters, view: ListView) {
  return listPageQueryOptions(commissionKeys.list(filters, view), 'admin_list_commissions', toCommissionArgs(filters), view, commissionRowSchema);
}

export function useCommissions(filters: CommissionFilters, view: ListView) {
  return useQuery(commissionsQueryOptions(filters, view));
}
