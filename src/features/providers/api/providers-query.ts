// The providers list: name text and status filters, newest first, 50 a page, counted exactly
// (providers are a small share of profiles; the (role, status) and trigram indexes serve it).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapList } from '@/lib/errors.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import { supabase } from '@/lib/supabase.ts';
import { containsPattern } from '@/lib/search.ts';
import { pageRange } from '@/lib/url-state.ts';
import { providerKeys } from './keys.ts';
import { PROVIDER_FILTER_STATUSES } from './profile-rules.ts';

export interface ProviderListFilters {
  [key: string]: string | number;
  q: string;
  status: string;
  page: number;
}

export const PROVIDER_LIST_DEFAULTS: ProviderListFilters = { q: '', status: '', page: 1 };
export const PROVIDER_LIST_ALLOWED = { status: ['', ...PROVIDER_FILTER_STATUSES] };

export interface ProviderListRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: string;
  deposit: number;
  total_earnings: number;
  created_at: string;
}

export function providersQueryOptions(filters: ProviderListFilters) {
  return queryOptions({
    queryKey: providerKeys.list(filters),
    queryFn: async () => {
      const { from, to } = pageRange(filters.page, PAGE_SIZE);
      let query = supabase
        .from('profiles')
        .select('id, name, phone, email, status, deposit, total_earnings, created_at', { count: 'exact' })
        .eq('role', 'provider');
      if (filters.q.trim() !== '') query = query.ilike('name', containsPattern(filters.q));
      if ((PROVIDER_FILTER_STATUSES as readonly string[]).includes(filters.status)) query = query.eq('status', filters.status);
      const result = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to);
      // An offset past the end (a stale page in the URL) answers 416: show it as an empty page.
      if (result.error && result.status === 416) return { rows: [] as ProviderListRow[], total: 0 };
      return unwrapList<ProviderListRow>(result);
    },
    placeholderData: keepPreviousData,
  });
}

export function useProviders(filters: ProviderListFilters) {
  return useQuery(providersQueryOptions(filters));
}
