// Creates a promotion code (uses 0, no applicable services, active). The database trims and
// upper-cases the code and refuses a duplicate regardless of case (23505).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { toNewPromotion, type CreatePromotionForm } from './promotion-rules.ts';
import { promotionKeys } from './keys.ts';
import { PROMOTION_COLUMNS, promotionRowSchema, type PromotionRow } from './promotion-types.ts';

export async function createPromotion(form: CreatePromotionForm): Promise<PromotionRow> {
  const row: unknown = unwrap(
    await supabase
      .from('discount_codes')
      .insert({ ...toNewPromotion(form), uses_count: 0, status: 'active' })
      .select(PROMOTION_COLUMNS)
      .single(),
  );
  return promotionRowSchema.parse(row);
}

/** The message for a failed create: a duplicate code gets its own sentence. */
export function createPromotionErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === '23505') return t.duplicateCode;
  return `${t.createFailed} ${toVietnameseMessage(error, { action: 'save' })}`;
}

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: (row) => toast.success(t.created(row.code)),
    onError: (error) => toast.error(createPromotionErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
