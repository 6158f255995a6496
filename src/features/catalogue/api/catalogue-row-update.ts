// What saving a service or a package does around its write (docs/screens.md#services,
// docs/screens.md#service-packages): the saved row, with its new updated_at, replaces the cached one
// in every cached list of the screen at once (a second edit of the same row right after the first
// is then not mistaken for a conflict); the save is toasted; a failure says another admin's change,
// or which edit failed (order, visibility, anything else) and why; the catalogue reloads either way.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { ConflictError, toVietnameseMessage } from '@/lib/errors/errors.ts';
import { catalogueKeys } from './keys.ts';

export interface CatalogueSaveTexts {
  updated: string;
  conflict: string;
  orderFailed: string;
  visibilityFailed: string;
  updateFailed: string;
}

export function catalogueSaveError(texts: CatalogueSaveTexts, patch: object, error: unknown): string {
  if (error instanceof ConflictError) return texts.conflict;
  const failed = 'sort_order' in patch ? texts.orderFailed : 'active' in patch ? texts.visibilityFailed : texts.updateFailed;
  return `${failed}. ${toVietnameseMessage(error, { action: 'save' })}`;
}

/** A cached list of a screen: its groups, each holding its rows under `K`. */
type GroupedLists<K extends string, Row> = { groups: Record<K, Row[]>[] };

export function useCatalogueRowUpdate<Row extends { id: string }, Patch extends object, K extends string>({
  update,
  lists,
  rows,
  texts,
}: {
  update: (row: Row, patch: Patch) => Promise<Row>;
  /** The key of the screen's cached lists. */
  lists: QueryKey;
  /** Where a group of those lists keeps its rows. */
  rows: K;
  texts: CatalogueSaveTexts;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, patch }: { row: Row; patch: Patch }) => update(row, patch),
    onSuccess: (saved) => {
      queryClient.setQueriesData<GroupedLists<K, Row>>({ queryKey: lists }, (cached) =>
        cached === undefined
          ? cached
          : { ...cached, groups: cached.groups.map((group) => ({ ...group, [rows]: group[rows].map((item) => (item.id === saved.id ? saved : item)) })) },
      );
      toast.success(texts.updated);
    },
    onError: (error, { patch }) => toast.error(catalogueSaveError(texts, patch, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
