// Changes one field of a promotion code. Optimistic concurrency: only the version the admin saw
// (same updated_at) is updated; otherwise nothing changes, the data reloads and the admin is told.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { ConflictError, savedRow, toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { DiscountType, PromotionStatus } from './promotion-rules.ts';
import { promotionKeys } from './keys.ts';
import { PROMOTION_COLUMNS, promotionRowSchema, type PromotionRow } from './promotion-types.ts';

export type PromotionPatch =
  | { code: string }
  | { discount_type: DiscountType }
  | { discount_value: number }
  | { max_uses: number }
  | { expires_at: string }
  | { status: PromotionStatus };

export async function updatePromotion(row: Pick<PromotionRow, 'id' | 'updated_at'>, patch: PromotionPatch): Promise<PromotionRow> {
  const rows = unwrap(await supabase.from('discount_codes').update(patch).eq('id', row.id).eq('updated_at', row.updated_at).select(PROMOTION_COLUMNS));
  return promotionRowSchema.parse(savedRow(rows, t.conflict));
}

export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, patch }: { row: Pick<PromotionRow, 'id' | 'updated_at'>; patch: PromotionPatch }) =>
      updatePromotion(row, patch),
    onSuccess: (saved) => {
      // The new version (updated_at) is on screen at once: a second edit of the same code right
      // after the first is not mistaken for a conflict.
      queryClient.setQueryData(promotionKeys.detail(saved.id), saved);
      queryClient.setQueriesData<{ rows: PromotionRow[]; total: number }>({ queryKey: promotionKeys.lists() }, (list) =>
        list === undefined ? list : { ...list, rows: list.rows.map((row) => (row.id === saved.id ? saved : row)) },
      );
      toast.success(t.updated);
    },
    onError: (error) => {
      const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
      if (error instanceof ConflictError) toast.error(t.conflict);
      else if (code === '23505') toast.error(t.duplicateCode);
      else toast.error(`${t.updateFailed} ${toVietnameseMessage(error, { action: 'save' })}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
