// Providers for the filter select: searched on the server by name, 20 at a time; the selected
// provider is always included.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { depositKeys } from './deposit-keys.ts';

export interface ProviderOption {
  id: string;
  name: string;
}

export function providerOptionsQueryOptions(search: string, selectedId: string) {
  return queryOptions({
    queryKey: depositKeys.providerOptions(search, selectedId),
    queryFn: async ({ signal }): Promise<ProviderOption[]> => {
      let query = supabase.from('profiles').select('id, name').eq('role', 'provider');
      const text = search.trim();
      if (text !== '') query = query.ilike('name', `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const rows = unwrap(await query.order('name').limit(20).abortSignal(signal));
      if (selectedId !== '' && !rows.some((row) => row.id === selectedId)) {
        const selected = unwrap(await supabase.from('profiles').select('id, name').eq('id', selectedId).abortSignal(signal));
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
