// A provider's service types (provider_service_types) with the catalogue they are chosen from:
// add one not yet added, remove one. A duplicate (also when another admin added it meanwhile) is
// refused by the primary key and reported with the catalogue's alert.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { supabase } from '@/lib/supabase.ts';
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

export function providerServiceTypesQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: providerKeys.serviceTypes(providerId),
    queryFn: async (): Promise<string[]> => {
      const rows = unwrap(
        await supabase
          .from('provider_service_types')
          .select('subcategory_id, created_at')
          .eq('provider_id', providerId)
          .order('created_at', { ascending: true }),
      );
      return (rows ?? []).map((row) => row.subcategory_id);
    },
  });
}

export function useProviderServiceTypes(providerId: string) {
  return useQuery(providerServiceTypesQueryOptions(providerId));
}

export const DUPLICATE_CODE = '23505';

export class DuplicateServiceTypeError extends ApiError {
  constructor() {
    super({ message: t.detail.serviceTypes.duplicate, code: DUPLICATE_CODE, status: 409 });
  }
}

/** Refuses locally when already present, then inserts (the primary key refuses races too). */
export async function addServiceType(input: { providerId: string; subcategoryId: string; current: readonly string[] }): Promise<void> {
  if (input.current.includes(input.subcategoryId)) throw new DuplicateServiceTypeError();
  const result = await supabase
    .from('provider_service_types')
    .insert({ provider_id: input.providerId, subcategory_id: input.subcategoryId });
  if (result.error && result.error.code === DUPLICATE_CODE) throw new DuplicateServiceTypeError();
  unwrap(result);
}

export async function removeServiceType(input: { providerId: string; subcategoryId: string }): Promise<void> {
  unwrap(
    await supabase
      .from('provider_service_types')
      .delete()
      .eq('provider_id', input.providerId)
      .eq('subcategory_id', input.subcategoryId),
  );
}

export function useAddServiceType(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addServiceType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.serviceTypes(providerId) }),
  });
}

export function useRemoveServiceType(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeServiceType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.serviceTypes(providerId) }),
  });
}
