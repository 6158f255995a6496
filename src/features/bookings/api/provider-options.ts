// The provider filter of the bookings list: a server-side name search over providers (20 at a
// time, never the whole table), and the name of the provider currently in the URL.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { escapeLikePattern, isUuid } from './booking-filters.ts';
import { bookingKeys } from './keys.ts';

export const PROVIDER_OPTION_LIMIT = 20;

export interface ProviderOption {
  id: string;
  name: string;
  phone: string | null;
}

export function providerOptionsQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: bookingKeys.providerOptions(term),
    queryFn: async (): Promise<ProviderOption[]> => {
      let query = supabase.from('profiles').select('id, name, phone').eq('role', 'provider');
      if (term !== '') query = query.ilike('name', `*${escapeLikePattern(term)}*`);
      const rows = unwrap(await query.order('name', { ascending: true }).limit(PROVIDER_OPTION_LIMIT));
      return rows ?? [];
    },
    staleTime: 60_000,
  });
}

export function useProviderOptions(search: string, enabled: boolean) {
  return useQuery({ ...providerOptionsQueryOptions(search), enabled });
}

export function providerNameQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingKeys.provider(id),
    queryFn: async (): Promise<ProviderOption | null> => {
      const row = unwrap<ProviderOption | null>(await supabase.from('profiles').select('id, name, phone').eq('id', id).maybeSingle());
      return row ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useProviderName(id: string) {
  return useQuery({ ...providerNameQueryOptions(id), enabled: isUuid(id) });
}
