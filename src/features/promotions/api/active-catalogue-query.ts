// The applicable-services grid's catalogue: active services grouped by category.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { promotionKeys } from './keys.ts';

export interface ServiceGroup {
  id: string;
  name: string;
  services: { id: string; name: string }[];
}

export function groupServices(
  categories: readonly { id: string; name: string }[],
  services: readonly { id: string; name: string; category_id: string }[],
): ServiceGroup[] {
  return categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      services: services
        .filter((service) => service.category_id === category.id)
        .map((service) => ({ id: service.id, name: service.name })),
    }))
    .filter((group) => group.services.length > 0);
}

export function activeCatalogueQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.catalogue(),
    queryFn: async ({ signal }): Promise<ServiceGroup[]> => {
      const [categories, services] = await Promise.all([
        supabase.from('categories').select('id, name').order('sort_order').abortSignal(signal),
        supabase
          .from('subcategories')
          .select('id, name, category_id')
          .eq('active', true)
          .order('sort_order')
          .abortSignal(signal),
      ]);
      return groupServices(unwrap(categories), unwrap(services));
    },
    staleTime: 60_000,
  });
}

export function useActiveCatalogue() {
  return useQuery(activeCatalogueQueryOptions());
}
