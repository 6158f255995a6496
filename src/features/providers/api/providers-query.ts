// The providers list from admin_list_providers: name-or-e-mail search (accents ignored) and status,
// newest first or the chosen sort, 50 a page, with the total (docs/search.md#contract). The shared
// list screen (components/domain/profiles-list.tsx) runs it.
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import { listView } from '@/lib/lists/paging.ts';
import { PROFILES_LIST_ROW_SHAPE, type ProfilesListFilters } from '@/lib/lists/profiles-list-filters.ts';
import { providerKeys } from './keys.ts';
import { toProviderArgs } from './provider-filters.ts';

export const providerListRowSchema = z.object({ ...PROFILES_LIST_ROW_SHAPE, deposit: z.number(), total_earnings: z.number() });

export type ProviderListRow = z.infer<typeof providerListRowSchema>;

export function providersQueryOptions(filters: ProfilesListFilters) {
  return listPageQueryOptions(providerKeys.list(filters), 'admin_list_providers', toProviderArgs(filters), listView(filters), providerListRowSchema);
}
