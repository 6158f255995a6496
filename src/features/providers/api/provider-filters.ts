// The providers list's URL state (lib/lists/profiles-list-filters.ts: search, status, sort, page) and its
// admin_list_providers arguments.
import type { ListRpcArgs } from '@/lib/lists/paged-list.ts';
import { profilesListAllowed, toProfilesListArgs, type ProfilesListFilters } from '@/lib/lists/profiles-list-filters.ts';
import { PROVIDER_FILTER_STATUSES } from './provider-rules.ts';

export const PROVIDER_LIST_ALLOWED = profilesListAllowed(PROVIDER_FILTER_STATUSES, ['created_at', 'name', 'deposit', 'total_earnings']);

/** Name-or-e-mail search and status; an unknown status is no filter. */
export function toProviderArgs(filters: ProfilesListFilters): ListRpcArgs<'admin_list_providers'> {
  return toProfilesListArgs(filters, PROVIDER_FILTER_STATUSES);
}
