// Moderation: sets a review's status. Optimistic concurrency on updated_at: if another admin
// changed the review meanwhile nothing is written, the list reloads and the admin is told.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { ConflictError, savedRow, toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { reviews as t } from '@/lib/messages/reviews.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { reviewKeys } from './keys.ts';
import type { ReviewPage, ReviewRow, ReviewStatus } from './reviews-query.ts';

export async function updateReviewStatus(
  row: Pick<ReviewRow, 'id' | 'updated_at'>,
  status: ReviewStatus,
): Promise<{ id: string; status: ReviewStatus; updated_at: string }> {
  const rows = unwrap(
    await supabase.from('reviews').update({ status }).eq('id', row.id).eq('updated_at', row.updated_at).select('id, status, updated_at'),
  );
  const saved = savedRow(rows, t.conflict);
  return { id: saved.id, status: saved.status === 'inactive' ? 'inactive' : 'active', updated_at: saved.updated_at };
}

export function useUpdateReviewStatus() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, status }: { row: ReviewRow; status: ReviewStatus }) => updateReviewStatus(row, status),
    onSuccess: (saved) => {
      queryClient.setQueriesData<ReviewPage>({ queryKey: reviewKeys.lists() }, (list) =>
        list === undefined ? list : { ...list, rows: list.rows.map((row) => (row.id === saved.id ? { ...row, ...saved } : row)) },
      );
      toast.success(t.updated);
    },
    onError: (error) =>
      toast.error(error instanceof ConflictError ? t.conflict : `${t.updateFailed} ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
