// Rename, icon and order edits of a profession with optimistic concurrency on updated_at.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConflictError, savedRow, toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { professions as t } from '@/lib/messages/professions.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import { PROFESSION_COLUMNS, type Profession } from './catalogue-types.ts';
import { catalogueKeys } from './keys.ts';

export type ProfessionPatch = { name: string } | { icon: string } | { sort_order: number };

export async function updateProfession(input: { id: string; patch: ProfessionPatch; expectedUpdatedAt: string }): Promise<Profession> {
  const rows = unwrap(
    await supabase.from('categories').update(input.patch).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select(PROFESSION_COLUMNS),
  );
  return savedRow(rows, t.conflict);
}

export function useUpdateProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfession,
    onSuccess: (_row, input) => toast.success('sort_order' in input.patch ? t.reordered : t.renamed),
    onError: (error, input) => {
      if (error instanceof ConflictError) {
        toast.error(t.conflict);
        return;
      }
      const failed = 'sort_order' in input.patch ? t.orderFailed : 'name' in input.patch ? t.renameFailed : t.iconFailed;
      toast.error(`${failed}: ${toVietnameseMessage(error, { action: 'save' })}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.professionsAll() }),
  });
}
