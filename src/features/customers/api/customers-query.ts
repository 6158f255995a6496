// The customers list from admin_list_customers: name-or-email search and status, newest first (or
// the chosen sort), 50 a page, each customer's total bookings (kept on the profile by the database);
// the total is exact up to 1,000 rows and the planner's estimate beyond (`totalExact` false: the
// screen says "khoảng"). The shared list screen (components/domain/profiles-list.tsx) runs it.
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import { listView } from '@/lib/lists/paging.ts';
import { PROFILES_LIST_ROW_SHAPE, type ProfilesListFilters } from '@/lib/lists/profiles-list-filters.ts';
import { toCustomerArgs } from './customer-filters.ts';
import { customerKeys } from './keys.ts';

export const customerRowSchema = z.object({ ...PROFILES_LIST_ROW_SHAPE, total_bookings: z.number() });

export type CustomerListRow = z.infer<typeof customerRowSchema>;

export function customersQueryOptions(filters: ProfilesListFilters) {
  return listPageQueryOptions(customerKeys.list(filters), 'admin_list_customers', toCustomerArgs(filters), listView(filters), customerRowSchema);
}
