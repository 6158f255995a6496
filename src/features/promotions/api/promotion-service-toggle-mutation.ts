// Turns one applicable service of a promotion code on or off (insert / delete one row); the switch
// moves at once and a failure puts it back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { promotionKeys } from './keys.ts';

export function useToggleService(codeId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ serviceId, applies }: { serviceId: string; applies: boolean }) => {
      if (applies) {
        unwrap(await supabase.from('discount_code_services').insert({ discount_code_id: codeId, subcategory_id: serviceId }));
      } else {
        unwrap(
          await supabase
            .from('discount_code_services')
            .delete()
            .eq('discount_code_id', codeId)
            .eq('subcategory_id', serviceId),
        );
      }
    },
    // The switch moves at once; a failure puts it back (the list is reloaded either way).
    onMutate: async ({ serviceId, applies }) => {
      await queryClient.cancelQueries({ queryKey: promotionKeys.services(codeId) });
      const previous = queryClient.getQueryData<string[]>(promotionKeys.services(codeId));
      queryClient.setQueryData<string[]>(promotionKeys.services(codeId), (current = []) =>
        applies ? [...current.filter((id) => id !== serviceId), serviceId] : current.filter((id) => id !== serviceId),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(promotionKeys.services(codeId), context.previous);
      toast.error(`${t.detail.toggleFailed}. ${toVietnameseMessage(error, { action: 'save' })}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.services(codeId) }),
  });
}
