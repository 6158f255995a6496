// Updates of a package: the dialog's fields, its order and its visibility. Only the version the
// admin saw (same updated_at) is changed (optimistic concurrency); otherwise the admin is told.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { savedRow, unwrap } from '@/lib/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { supabase } from '@/lib/supabase.ts';
import { catalogueKeys } from './keys.ts';
import { catalogueSaveError } from './catalogue-save-error.ts';
import type { PackageValues } from './catalogue-rules.ts';
import { PACKAGE_COLUMNS, type PackageRow, type ServiceGroup, type ServiceRow } from './catalogue-types.ts';

const t = catalogue.packages;

export type PackagePatch = PackageValues | { sort_order: number } | { active: boolean };

export async function updatePackage(row: Pick<PackageRow, 'id' | 'updated_at'>, patch: PackagePatch): Promise<PackageRow> {
  const rows = unwrap(await supabase.from('service_items').update(patch).eq('id', row.id).eq('updated_at', row.updated_at).select(PACKAGE_COLUMNS));
  return savedRow(rows as PackageRow[], t.conflict);
}

/** Puts the saved row (and its new updated_at) into every cached package list at once, so that a
 * second edit of the same row right after the first is not mistaken for a conflict. */
function replaceInLists(lists: { groups: ServiceGroup[]; services: ServiceRow[] } | undefined, saved: PackageRow) {
  if (lists === undefined) return lists;
  return {
    ...lists,
    groups: lists.groups.map((group) => ({
      ...group,
      packages: group.packages.map((item) => (item.id === saved.id ? saved : item)),
    })),
  };
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, patch }: { row: PackageRow; patch: PackagePatch }) => updatePackage(row, patch),
    onSuccess: (saved) => {
      queryClient.setQueriesData<{ groups: ServiceGroup[]; services: ServiceRow[] }>({ queryKey: catalogueKeys.packagesAll() }, (lists) =>
        replaceInLists(lists, saved),
      );
      toast.success(t.updated);
    },
    onError: (error, { patch }) => toast.error(catalogueSaveError(t, patch, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
