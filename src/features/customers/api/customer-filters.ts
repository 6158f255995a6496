// The customers list's filters, sort and page as they live in the URL, and their admin_list_customers arguments.
import type { ListRpcArgs } from '@/lib/paged-list.ts';
import { LIST_VIEW_DEFAULTS } from '@/lib/paging.ts';
import { sortValues } from '@/lib/sort.ts';
import { CUSTOMER_STATUSES } from './customer-rules.ts';

export interface CustomerListFilters {
  [key: string]: string | number;
  q: string;
  status: string;
  sort: string;
  page: number;
  after: string;
  before: string;
}

export const CUSTOMER_LIST_DEFAULTS: CustomerListFilters = { q: '', status: '', ...LIST_VIEW_DEFAULTS };
export const CUSTOMER_LIST_DEFAULT_SORT = 'created_at.desc';
export const CUSTOMER_LIST_ALLOWED = { status: ['', ...CUSTOMER_STATUSES], sort: sortValues(['created_at', 'name', 'total_bookings']) };

/** Name-or-email search and status; an unknown status is no filter. */
export function toCustomerArgs(filters: CustomerListFilters): ListRpcArgs<'admin_list_customers'> {
  const search = filters.q.trim();
  const status = (CUSTOMER_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  return { ...(search !== '' ? { p_search: search } : {}), ...(status !== '' ? { p_status: status } : {}) };
}
