// One page of deposit history rows (newest first) with the provider's current balance and status.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/ui/pagination.tsx';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositKeys } from './deposit-keys.ts';
import type { DepositRow } from './deposit-types.ts';

export function depositsQueryOptions(filters: DepositFilters, page: number) {
  return queryOptions({
    queryKey: depositKeys.list(filters, page),
    queryFn: async ({ signal }) => {
      const result = await supabase
        .rpc('admin_list_deposits', {
          ...toDepositArgs(filters),
          p_limit: PAGE_SIZE,
          p_offset: (Math.max(page, 1) - 1) * PAGE_SIZE,
        })
        .abortSignal(signal);
      return (unwrap(result) as unknown as { rows: DepositRow[] }).rows;
    },
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(filters: DepositFilters, page: number) {
  return useQuery(depositsQueryOptions(filters, page));
}
