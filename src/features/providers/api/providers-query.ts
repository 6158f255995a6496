// The providers list from admin_list_providers: name-or-e-mail search (accents ignored) and status,
// newest first or the chosen sort, 50 a page, with the total (docs/search.md#contract). The shared
// list screen (components/domain/profiles-list.tsx) runs it.
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/list-query.ts';
import { listView } from '@/lib/paging.ts';
import type { ProfilesListFilters } from '@/lib/profiles-list-filters.ts';
import { providerKeys } from './keys.ts';
import { toProviderArgs } from './provider-filters.ts';

export const providerListRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: z.string(),
  deposit: z.number(),
  total_earnings: z.number(),
  created_at: z.string(),
});

export type ProviderListRow = z.infer<typeof providerListRowSchema>;

export function providersQueryOptions(filters: ProfilesListFilters) {
  return listPageQueryOptions(providerKeys.list(filters), 'admin_list_providers', toProviderArgs(filters), listView(filters), providerListRowSchema);
}
