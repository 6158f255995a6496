// "Select all" / "deselect all" applicable services of a promotion code as ONE request
// (admin_set_all_discount_code_services).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { promotionKeys } from './keys.ts';

export function useSetAllServices(codeId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (select: boolean) =>
      unwrap(await supabase.rpc('admin_set_all_discount_code_services', { p_discount_code_id: codeId, p_select: select })),
    onError: (error, select) =>
      toast.error(`${select ? t.detail.selectAllFailed : t.detail.clearAllFailed}. ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.services(codeId) }),
  });
}
