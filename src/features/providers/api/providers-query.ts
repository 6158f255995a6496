// The providers list from admin_list_providers: name-or-e-mail search (accents ignored) and status,
// newest first or the chosen sort, 50 a page, with the total (docs/search.md#contract).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { fetchViewPage } from '@/lib/paged-list.ts';
import { LIST_VIEW_DEFAULTS, listView } from '@/lib/paging.ts';
import { sortValues } from '@/lib/sort.ts';
import { providerKeys } from './keys.ts';
import { PROVIDER_FILTER_STATUSES } from './profile-rules.ts';

export interface ProviderListFilters {
  [key: string]: string | number;
  q: string;
  status: string;
  sort: string;
  page: number;
  after: string;
  before: string;
}

export const PROVIDER_LIST_DEFAULTS: ProviderListFilters = { q: '', status: '', ...LIST_VIEW_DEFAULTS };
export const PROVIDER_LIST_DEFAULT_SORT = 'created_at.desc';
export const PROVIDER_LIST_ALLOWED = {
  status: ['', ...PROVIDER_FILTER_STATUSES],
  sort: sortValues(['created_at', 'name', 'deposit', 'total_earnings']),
};

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

function toProviderArgs(filters: ProviderListFilters): { p_search?: string; p_status?: string } {
  const search = filters.q.trim();
  const status = (PROVIDER_FILTER_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  return { ...(search !== '' ? { p_search: search } : {}), ...(status !== '' ? { p_status: status } : {}) };
}

export function providersQueryOptions(filters: ProviderListFilters) {
  return queryOptions({
    queryKey: providerKeys.list(filters),
    queryFn: ({ signal }) => fetchViewPage('admin_list_providers', toProviderArgs(filters), listView(filters), providerListRowSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviders(filters: ProviderListFilters) {
  return useQuery(providersQueryOptions(filters));
}
