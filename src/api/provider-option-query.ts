// The provider currently chosen in the picker (its id is in the URL), read by id.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { isUuid } from '@/lib/lists/search.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerOptionKeys, providerOptionSchema, type ProviderOption } from './provider-options-query.ts';

export function providerOptionQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerOptionKeys.one(id),
    queryFn: async ({ signal }): Promise<ProviderOption | null> => {
      const row: unknown = unwrap(await supabase.from('profiles').select('id, name, phone').eq('id', id).abortSignal(signal).maybeSingle());
      return z.nullable(providerOptionSchema).parse(row ?? null);
    },
    staleTime: 5 * 60_000,
  });
}

export function useProviderOption(id: string) {
  return useQuery({ ...providerOptionQueryOptions(id), enabled: isUuid(id) });
}
