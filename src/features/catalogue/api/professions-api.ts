// Professions (table categories, docs/decisions.md#professions-editor): the list ordered by sort_order (then name),
// filtered by name on the server; rename, icon and order edits with optimistic concurrency on
// updated_at; create with name and icon (the database gives it order max + 1).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, toVietnameseMessage, unwrap } from '@/lib/errors.ts';
import { professions as t } from '@/lib/messages/professions.ts';
import { supabase } from '@/lib/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import type { TablesInsert } from '@/types/database.ts';
import type { ProfessionCreateInput } from './professions-rules.ts';

export const professionKeys = {
  all: ['catalogue', 'professions'] as const,
  lists: () => [...professionKeys.all, 'list'] as const,
  list: (search: string) => [...professionKeys.lists(), search] as const,
};

export interface Profession {
  id: string;
  name: string;
  icon: string | null;
  sort_order: number;
  updated_at: string;
}

const COLUMNS = 'id, name, icon, sort_order, updated_at';
export const CONFLICT_CODE = 'SDV_CONFLICT';

export function professionsQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: professionKeys.list(term),
    queryFn: async (): Promise<Profession[]> => {
      let query = supabase.from('categories').select(COLUMNS);
      if (term !== '') query = query.ilike('name', `*${term.replace(/[\\%_]/g, (char) => `\\${char}`)}*`);
      return unwrap(await query.order('sort_order', { ascending: true }).order('name', { ascending: true })) ?? [];
    },
    placeholderData: keepPreviousData,
  });
}

export function useProfessions(search: string) {
  return useQuery(professionsQueryOptions(search));
}

export type ProfessionPatch = { name: string } | { icon: string } | { sort_order: number };

export async function updateProfession(input: { id: string; patch: ProfessionPatch; expectedUpdatedAt: string }): Promise<Profession> {
  const rows = unwrap(
    await supabase.from('categories').update(input.patch).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select(COLUMNS),
  );
  const row = rows?.[0];
  if (!row) throw new ApiError({ message: t.conflict, code: CONFLICT_CODE, status: 409 });
  return row;
}

export function useUpdateProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfession,
    onSuccess: (_row, input) => toast.success('sort_order' in input.patch ? t.reordered : t.renamed),
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === CONFLICT_CODE) {
        toast.error(t.conflict);
        return;
      }
      const failed = 'sort_order' in input.patch ? t.orderFailed : 'name' in input.patch ? t.renameFailed : t.iconFailed;
      toast.error(`${failed}: ${toVietnameseMessage(error, { action: 'save' })}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: professionKeys.lists() }),
  });
}

export async function createProfession(input: ProfessionCreateInput): Promise<Profession> {
  // sort_order is NOT NULL without a column default: the BEFORE INSERT trigger fills it with
  // max + 1 under a lock. The generated Insert type cannot know that, hence the widening.
  const row: Omit<TablesInsert<'categories'>, 'sort_order'> = { name: input.name, icon: input.icon === '' ? null : input.icon };
  return unwrap(
    await supabase
      .from('categories')
      .insert(row as TablesInsert<'categories'>)
      .select(COLUMNS)
      .single(),
  );
}

export function useCreateProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfession,
    onSuccess: () => toast.success(t.create.created),
    onError: (error) => toast.error(`${t.create.failed}: ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: professionKeys.lists() }),
  });
}
