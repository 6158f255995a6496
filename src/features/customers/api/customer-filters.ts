// The customers list's filters as they live in the URL, and their admin_list_customers arguments.
import type { ListRpcArgs } from '@/lib/paged-list.ts';
import { CUSTOMER_STATUSES } from './customer-rules.ts';

export interface CustomerListFilters {
  [key: string]: string | number;
  q: string;
  status: string;
  page: number;
}

export const CUSTOMER_LIST_DEFAULTS: CustomerListFilters = { q: '', status: '', page: 1 };
export const CUSTOMER_LIST_ALLOWED = { status: ['', ...CUSTOMER_STATUSES] };

/** Name-or-email search and status; an unknown status is no filter. */
export function toCustomerArgs(filters: CustomerListFilters): ListRpcArgs<'admin_list_customers'> {
  const search = filters.q.trim();
  const status = (CUSTOMER_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  return { ...(search !== '' ? { p_search: search } : {}), ...(status !== '' ? { p_status: status } : {}) };
}
