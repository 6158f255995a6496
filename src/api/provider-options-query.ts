// Data of the shared provider picker: admin_provider_options searches providers by name on the
// server (accents and case ignored, 20 at a time, never the whole table) and answers them in
// Vietnamese order (docs/search.md#contract). Its keys live under the 'providers' root, so
// invalidating the providers area refreshes the picker too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

export const PROVIDER_OPTION_LIMIT = 20;

export const providerOptionSchema = z.object({ id: z.string(), name: z.string(), phone: z.nullable(z.string()) });

export type ProviderOption = z.infer<typeof providerOptionSchema>;

export const providerOptionKeys = {
  all: ['providers', 'options'] as const,
  search: (term: string) => [...providerOptionKeys.all, 'search', term] as const,
  one: (id: string) => [...providerOptionKeys.all, 'one', id] as const,
};

export function providerOptionsQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: providerOptionKeys.search(term),
    queryFn: async ({ signal }): Promise<ProviderOption[]> => {
      const args = { p_limit: PROVIDER_OPTION_LIMIT, ...(term !== '' ? { p_search: term } : {}) };
      const rows: unknown = unwrap(await supabase.rpc('admin_provider_options', args).abortSignal(signal));
      return z.array(providerOptionSchema).parse(rows ?? []);
    },
    staleTime: 60_000,
  });
}

export function useProviderOptions(search: string, enabled: boolean) {
  return useQuery({ ...providerOptionsQueryOptions(search), enabled });
}
