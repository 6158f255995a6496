// The customers list from admin_list_customers: name-or-email search and status, newest first, 50 a
// page, each customer's total bookings (kept on the profile by the database); the total is exact up
// to 1,000 rows and the planner's estimate beyond (`totalExact` false: the screen says "khoảng").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { pageRange } from '@/lib/url-state.ts';
import { CUSTOMER_STATUSES } from './customer-rules.ts';
import { customerKeys } from './keys.ts';

export const CUSTOMERS_PAGE_SIZE = 50;

export interface CustomerListFilters {
  [key: string]: string | number;
  q: string;
  status: string;
  page: number;
}

export const CUSTOMER_LIST_DEFAULTS: CustomerListFilters = { q: '', status: '', page: 1 };
export const CUSTOMER_LIST_ALLOWED = { status: ['', ...CUSTOMER_STATUSES] };

export interface CustomerListRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: string;
  total_bookings: number;
  created_at: string;
}

export function customersListQueryOptions(filters: CustomerListFilters) {
  return queryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: async ({ signal }) => {
      const { from } = pageRange(filters.page, CUSTOMERS_PAGE_SIZE);
      const status = (CUSTOMER_STATUSES as readonly string[]).includes(filters.status) ? filters.status : undefined;
      const search = filters.q.trim();
      const result = await supabase
        .rpc('admin_list_customers', {
          ...(search !== '' ? { p_search: search } : {}),
          ...(status ? { p_status: status } : {}),
          p_limit: CUSTOMERS_PAGE_SIZE,
          p_offset: from,
        })
        .abortSignal(signal);
      const data = unwrap(result) as unknown as { rows: CustomerListRow[]; total: number; total_exact: boolean };
      return { rows: data.rows, total: data.total, totalExact: data.total_exact };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCustomersList(filters: CustomerListFilters) {
  return useQuery(customersListQueryOptions(filters));
}
