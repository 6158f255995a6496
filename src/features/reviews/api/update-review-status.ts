// Moderation: sets a review's status. Optimistic concurrency on updated_at: if another admin
// changed the review meanwhile nothing is written, the list reloads and the admin is told.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '../../../lib/errors.ts';
import { reviews as t } from '../../../lib/messages/reviews.ts';
import { supabase } from '../../../lib/supabase.ts';
import { reviewKeys } from './review-keys.ts';
import type { ReviewRow, ReviewStatus } from './reviews-query.ts';

export class ReviewConflictError extends Error {
  constructor() {
    super(t.conflict);
    this.name = 'ReviewConflictError';
  }
}

export async function updateReviewStatus(row: Pick<ReviewRow, 'id' | 'updated_at'>, status: ReviewStatus): Promise<void> {
  const rows = unwrap(
    await supabase.from('reviews').update({ status }).eq('id', row.id).eq('updated_at', row.updated_at).select('id'),
  );
  if (rows.length === 0) throw new ReviewConflictError();
}

export function useUpdateReviewStatus() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, status }: { row: ReviewRow; status: ReviewStatus }) => updateReviewStatus(row, status),
    onSuccess: () => toast.success(t.updated),
    onError: (error) =>
      toast.error(error instanceof ReviewConflictError ? t.conflict : `${t.updateFailed} ${toVietnameseMessage(error, { action: 'save' })}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
