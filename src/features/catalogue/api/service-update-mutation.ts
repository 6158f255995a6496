// Single-field updates of a service (name, icon, commission, order, visibility) with optimistic
// concurrency: only the version the admin saw (same updated_at) is changed; otherwise the list
// reloads and the admin is told. Each failure is toasted with the catalogue's message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { savedRow, unwrap } from '@/lib/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { supabase } from '@/lib/supabase.ts';
import { catalogueKeys } from './keys.ts';
import { catalogueSaveError } from './catalogue-save-error.ts';
import { SERVICE_COLUMNS, type CategoryGroup, type ServiceRow } from './catalogue-types.ts';

const t = catalogue.services;

export type ServicePatch =
  | { name: string }
  | { icon: string }
  | { commission_rate: number }
  | { sort_order: number }
  | { active: boolean };

export async function updateService(row: Pick<ServiceRow, 'id' | 'updated_at'>, patch: ServicePatch): Promise<ServiceRow> {
  const rows = unwrap(await supabase.from('subcategories').update(patch).eq('id', row.id).eq('updated_at', row.updated_at).select(SERVICE_COLUMNS));
  return savedRow(rows as ServiceRow[], t.conflict);
}

type ServicesData = { groups: CategoryGroup[]; categoryCount: number };

/** The saved row (with its new updated_at) replaces the cached one at once (see packages). */
function replaceInLists(lists: ServicesData | undefined, saved: ServiceRow): ServicesData | undefined {
  if (lists === undefined) return lists;
  return {
    ...lists,
    groups: lists.groups.map((group) => ({
      ...group,
      services: group.services.map((service) => (service.id === saved.id ? saved : service)),
    })),
  };
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, patch }: { row: ServiceRow; patch: ServicePatch }) => updateService(row, patch),
    onSuccess: (saved) => {
      queryClient.setQueriesData<ServicesData>({ queryKey: catalogueKeys.servicesAll() }, (lists) => replaceInLists(lists, saved));
      toast.success(t.updated);
    },
    onError: (error, { patch }) => toast.error(catalogueSaveError(t, patch, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
