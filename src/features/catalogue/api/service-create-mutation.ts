// Creating a service in a category (the database sets order = max + 1).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { TablesInsert } from '@/types/database.ts';
import { catalogueKeys } from './keys.ts';
import { parseDecimal, type NewServiceForm } from './catalogue-rules.ts';

const t = catalogue.services;

export function useCreateService() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ categoryId, form }: { categoryId: string; form: NewServiceForm }) => {
      // sort_order is left out on purpose: the database sets max in the category + 1.
      const row: Omit<TablesInsert<'subcategories'>, 'sort_order'> = {
        category_id: categoryId,
        name: form.name.trim(),
        icon: form.icon.trim(),
        commission_rate: parseDecimal(form.commissionRate) ?? 0,
      };
      return unwrap(await supabase.from('subcategories').insert(row as TablesInsert<'subcategories'>).select('id').single());
    },
    onSuccess: () => toast.success(t.created),
    onError: (error) => toast.error(`${t.createFailed}. ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
