// The customers list from admin_list_customers: name-or-email search and status, newest first (or
// the chosen sort), 50 a
// page, each customer's total bookings (kept on the profile by the database); the total is exact up
// to 1,000 rows and the planner's estimate beyond (`totalExact` false: the screen says "khoảng").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { fetchViewPage } from '@/lib/paged-list.ts';
import { listView } from '@/lib/paging.ts';
import { toCustomerArgs, type CustomerListFilters } from './customer-filters.ts';
import { customerKeys } from './keys.ts';

export const customerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: z.string(),
  total_bookings: z.number(),
  created_at: z.string(),
});

export type CustomerListRow = z.infer<typeof customerRowSchema>;

export function customersQueryOptions(filters: CustomerListFilters) {
  return queryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ signal }) => fetchViewPage('admin_list_customers', toCustomerArgs(filters), listView(filters), customerRowSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(filters: CustomerListFilters) {
  return useQuery(customersQueryOptions(filters));
}
