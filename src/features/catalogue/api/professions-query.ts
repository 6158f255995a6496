// Professions (table categories, docs/decisions.md#professions-editor): the list ordered by
// sort_order (then name), filtered by name on the server (accents ignored: catalogue-matches.ts).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { PROFESSION_COLUMNS, type Profession } from './catalogue-types.ts';
import { fetchCatalogueMatches } from './catalogue-matches.ts';
import { catalogueKeys } from './keys.ts';

export function professionsQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: catalogueKeys.professions(term),
    queryFn: async ({ signal }): Promise<Profession[]> => {
      let query = supabase.from('categories').select(PROFESSION_COLUMNS);
      if (term !== '') query = query.in('id', (await fetchCatalogueMatches(term, signal)).profession_ids);
      return unwrap(await query.order('sort_order', { ascending: true }).order('name', { ascending: true }).abortSignal(signal)) ?? [];
    },
    placeholderData: keepPreviousData,
  });
}

export function useProfessions(search: string) {
  return useQuery(professionsQueryOptions(search));
}
