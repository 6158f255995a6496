// The customers list: name-or-email text and status filters, newest first, 50 a page, with each
// customer's total bookings (kept on the profile by the database).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapList } from '../../../lib/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { pageRange } from '../../../lib/url-state.ts';
import { CUSTOMER_STATUSES, nameOrEmailFilter } from './customer-rules.ts';
import { customerKeys } from './keys.ts';

export const CUSTOMERS_PAGE_SIZE = 50;

/**
 * `count=estimated` is exact up to this many rows (PostgREST's max-rows, 1000 on Supabase) and the
 * planner's estimate above it, so the count never scans a large table.
 */
export const EXACT_COUNT_LIMIT = 1000;

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
    queryFn: async () => {
      const { from, to } = pageRange(filters.page, CUSTOMERS_PAGE_SIZE);
      let query = supabase
        .from('profiles')
        .select('id, name, phone, email, status, total_bookings, created_at', { count: 'estimated' })
        .eq('role', 'customer');
      const search = nameOrEmailFilter(filters.q);
      if (search !== null) query = query.or(search);
      if ((CUSTOMER_STATUSES as readonly string[]).includes(filters.status)) query = query.eq('status', filters.status);
      const result = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to);
      if (result.error && result.status === 416) return { rows: [] as CustomerListRow[], total: 0, totalExact: true };
      const { rows, total } = unwrapList<CustomerListRow>(result);
      return { rows, total, totalExact: total <= EXACT_COUNT_LIMIT };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCustomersList(filters: CustomerListFilters) {
  return useQuery(customersListQueryOptions(filters));
}
