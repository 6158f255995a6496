// The customers list's URL state (lib/lists/profiles-list-filters.ts: search, status, sort, page) and its
// admin_list_customers arguments.
import type { ListRpcArgs } from '@/lib/lists/paged-list.ts';
import { profilesListAllowed, toProfilesListArgs, type ProfilesListFilters } from '@/lib/lists/profiles-list-filters.ts';
import { CUSTOMER_STATUSES } from './customer-rules.ts';

export const CUSTOMER_LIST_ALLOWED = profilesListAllowed(CUSTOMER_STATUSES, ['created_at', 'name', 'total_bookings']);

/** Name-or-email search and status; an unknown status is no filter. */
export function toCustomerArgs(filters: ProfilesListFilters): ListRpcArgs<'admin_list_customers'> {
  return toProfilesListArgs(filters, CUSTOMER_STATUSES);
}
