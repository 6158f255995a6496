// One page (50 rows) of commissions for the current filters, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { PAGE_SIZE } from '@/components/ui/pagination.tsx';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionKeys } from './commission-keys.ts';
import type { CommissionRow } from './commission-types.ts';

export function commissionsQueryOptions(filters: CommissionFilters, page: number) {
  return queryOptions({
    queryKey: commissionKeys.list(filters, page),
    queryFn: async ({ signal }) => {
      const result = await supabase
        .rpc('admin_list_commissions', {
          ...toCommissionArgs(filters),
          p_limit: PAGE_SIZE,
          p_offset: (Math.max(page, 1) - 1) * PAGE_SIZE,
        })
        .abortSignal(signal);
      // jsonb {rows}; the shape is fixed by the SQL function.
      const data = unwrap(result) as unknown as { rows: CommissionRow[] };
      return data.rows;
    },
    placeholderData: keepPreviousData,
  });
}

export function useCommissions(filters: CommissionFilters, page: number) {
  return useQuery(commissionsQueryOptions(filters, page));
}
