// The catalogue a provider's service types are chosen from: every service (subcategory) with its
// category's name, in the catalogue's order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export interface SubcategoryOption {
  id: string;
  name: string;
  active: boolean;
  categoryName: string;
}

export function subcategoriesQueryOptions() {
  return queryOptions({
    queryKey: providerKeys.subcategories(),
    queryFn: async (): Promise<SubcategoryOption[]> => {
      const [subcategories, categories] = await Promise.all([
        supabase.from('subcategories').select('id, name, active, category_id, sort_order').order('sort_order').then(unwrap),
        supabase.from('categories').select('id, name, sort_order').order('sort_order').then(unwrap),
      ]);
      const categoryOrder = new Map((categories ?? []).map((c, index) => [c.id, { name: c.name, index }]));
      return (subcategories ?? [])
        .map((s) => ({
          id: s.id,
          name: s.name,
          active: s.active,
          categoryName: categoryOrder.get(s.category_id)?.name ?? '',
          order: [categoryOrder.get(s.category_id)?.index ?? 0, s.sort_order] as const,
        }))
        .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
        .map(({ order: _order, ...rest }) => rest);
    },
    staleTime: 5 * 60_000,
  });
}

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions());
}
