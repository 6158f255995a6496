// Creating a package from the packages screen's dialog (the database sets order = max + 1; the
// new package is visible).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { TablesInsert } from '@/types/database.ts';
import { catalogueKeys } from './keys.ts';
import type { PackageValues } from './catalogue-rules.ts';

const t = catalogue.packages;

export function useCreatePackage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (values: PackageValues) => {
      // sort_order is left out on purpose: the database sets max in the service + 1.
      const row: Omit<TablesInsert<'service_items'>, 'sort_order'> = { ...values, active: true };
      return unwrap(await supabase.from('service_items').insert(row as TablesInsert<'service_items'>).select('id').single());
    },
    onSuccess: () => toast.success(t.created),
    onError: (error) => toast.error(`${t.createFailed} ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
