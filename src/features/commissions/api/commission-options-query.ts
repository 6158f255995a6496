// Options of the provider and service selects. Providers can be many: they are searched on the
// server (20 at a time, by name) and the selected one is always included; services are few.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { commissionKeys } from './commission-keys.ts';

export interface NamedOption {
  id: string;
  name: string;
}

function likePattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function providerOptionsQueryOptions(search: string, selectedId: string) {
  return queryOptions({
    queryKey: commissionKeys.providerOptions(search, selectedId),
    queryFn: async ({ signal }): Promise<NamedOption[]> => {
      let query = supabase.from('profiles').select('id, name').eq('role', 'provider');
      if (search.trim() !== '') query = query.ilike('name', likePattern(search));
      const rows = unwrap(await query.order('name').limit(20).abortSignal(signal));
      if (selectedId !== '' && !rows.some((row) => row.id === selectedId)) {
        const selected = unwrap(
          await supabase.from('profiles').select('id, name').eq('id', selectedId).abortSignal(signal),
        );
        return [...selected, ...rows];
      }
      return rows;
    },
    staleTime: 60_000,
  });
}

export function useProviderOptions(search: string, selectedId: string) {
  return useQuery(providerOptionsQueryOptions(search, selectedId));
}

export function serviceOptionsQueryOptions() {
  return queryOptions({
    queryKey: commissionKeys.serviceOptions(),
    queryFn: async ({ signal }): Promise<NamedOption[]> =>
      unwrap(await supabase.from('subcategories').select('id, name').order('name').abortSignal(signal)),
    staleTime: 5 * 60_000,
  });
}

export function useServiceOptions() {
  return useQuery(serviceOptionsQueryOptions());
}
