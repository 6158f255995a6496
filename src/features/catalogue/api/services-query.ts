// Services (subcategories) grouped by category. Without search: every category with its services.
// With search (name, icon or category name, on the server, accents ignored: catalogue-matches.ts):
// the services whose name or icon matches or whose category's name matches, grouped.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { catalogueKeys } from './keys.ts';
import { fetchCatalogueMatches } from './catalogue-matches.ts';
import { CATEGORY_COLUMNS, SERVICE_COLUMNS, type CategoryGroup, type CategoryRow, type ServiceRow } from './catalogue-types.ts';

export function groupByCategory(categories: readonly CategoryRow[], services: readonly ServiceRow[], searching: boolean): CategoryGroup[] {
  const groups = categories.map((category) => ({
    category,
    services: services.filter((service) => service.category_id === category.id),
  }));
  return searching ? groups.filter((group) => group.services.length > 0) : groups;
}

export function servicesQueryOptions(search: string) {
  return queryOptions({
    queryKey: catalogueKeys.services(search),
    queryFn: async ({ signal }): Promise<{ groups: CategoryGroup[]; categoryCount: number }> => {
      const text = search.trim();
      // Both lists (and a search's matches) are asked for at once: neither needs the other's answer.
      const servicesRequest = (async () => {
        let query = supabase.from('subcategories').select(SERVICE_COLUMNS);
        if (text !== '') query = query.in('id', (await fetchCatalogueMatches(text, signal)).service_ids);
        return query.order('sort_order').order('name').abortSignal(signal);
      })();
      const [categoriesAnswer, servicesAnswer] = await Promise.all([
        supabase.from('categories').select(CATEGORY_COLUMNS).order('sort_order').order('name').abortSignal(signal),
        servicesRequest,
      ]);
      const categories = unwrap(categoriesAnswer);
      const services = unwrap(servicesAnswer) as ServiceRow[];
      return { groups: groupByCategory(categories, services, text !== ''), categoryCount: categories.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useServices(search: string) {
  return useQuery(servicesQueryOptions(search));
}
