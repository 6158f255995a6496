// Packages (service items) grouped by service. Search on the server over name, description, job
// details, duration and the service's name, accents ignored (catalogue-matches.ts).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { catalogueKeys } from './keys.ts';
import { fetchCatalogueMatches } from './catalogue-matches.ts';
import { CATEGORY_COLUMNS, PACKAGE_COLUMNS, SERVICE_COLUMNS, type CategoryRow, type PackageRow, type ServiceGroup, type ServiceRow } from './catalogue-types.ts';

export function groupByService(
  categories: readonly CategoryRow[],
  services: readonly ServiceRow[],
  packages: readonly PackageRow[],
  searching: boolean,
): ServiceGroup[] {
  const categoryOrder = new Map(categories.map((category, index) => [category.id, index]));
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  const ordered = [...services].sort(
    (a, b) =>
      (categoryOrder.get(a.category_id) ?? Number.MAX_SAFE_INTEGER) - (categoryOrder.get(b.category_id) ?? Number.MAX_SAFE_INTEGER) ||
      a.sort_order - b.sort_order ||
      a.name.localeCompare(b.name, 'vi'),
  );
  const groups = ordered.map((service) => ({
    service,
    categoryName: categoryName.get(service.category_id) ?? '',
    packages: packages.filter((item) => item.subcategory_id === service.id),
  }));
  return searching ? groups.filter((group) => group.packages.length > 0) : groups;
}

export function packagesQueryOptions(search: string) {
  return queryOptions({
    queryKey: catalogueKeys.packages(search),
    queryFn: async ({ signal }): Promise<{ groups: ServiceGroup[]; services: ServiceRow[] }> => {
      const text = search.trim();
      // The three lists (and a search's matches) are asked for at once: none needs another's answer.
      const packagesRequest = (async () => {
        let query = supabase.from('service_items').select(PACKAGE_COLUMNS);
        if (text !== '') query = query.in('id', (await fetchCatalogueMatches(text, signal)).package_ids);
        return query.order('sort_order').order('name').abortSignal(signal);
      })();
      const [categories, services, packagesAnswer] = await Promise.all([
        supabase.from('categories').select(CATEGORY_COLUMNS).order('sort_order').abortSignal(signal),
        supabase.from('subcategories').select(SERVICE_COLUMNS).order('sort_order').abortSignal(signal),
        packagesRequest,
      ]);
      const serviceRows = unwrap(services) as ServiceRow[];
      const packages = unwrap(packagesAnswer) as PackageRow[];
      return { groups: groupByService(unwrap(categories), serviceRows, packages, text !== ''), services: serviceRows };
    },
    placeholderData: keepPreviousData,
  });
}

export function usePackages(search: string) {
  return useQuery(packagesQueryOptions(search));
}
