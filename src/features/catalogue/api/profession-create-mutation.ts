// Creating a profession with name and icon (the database gives it order max + 1).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { professions as t } from '@/lib/messages/professions.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import type { TablesInsert } from '@/types/database.ts';
import type { ProfessionCreateInput } from './professions-rules.ts';
import { PROFESSION_COLUMNS, type Profession } from './catalogue-types.ts';
import { catalogueKeys } from './keys.ts';

export async function createProfession(input: ProfessionCreateInput): Promise<Profession> {
  // sort_order is NOT NULL without a column default: the BEFORE INSERT trigger fills it with
  // max + 1 under a lock. The generated Insert type cannot know that, hence the widening.
  const row: Omit<TablesInsert<'categories'>, 'sort_order'> = { name: input.name, icon: input.icon === '' ? null : input.icon };
  return unwrap(
    await supabase
      .from('categories')
      .insert(row as TablesInsert<'categories'>)
      .select(PROFESSION_COLUMNS)
      .single(),
  );
}

export function useCreateProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfession,
    onSuccess: () => toast.success(t.create.created),
    onError: (error) => toast.error(`${t.create.failed}: ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.professionsAll() }),
  });
}
