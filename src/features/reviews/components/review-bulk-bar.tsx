// The bulk action bar of the reviews list (docs/screens.md#bulk-actions): "Ẩn" / "Hiện" for the
// selected reviews at once, with "Hoàn tác" in the toast. Loaded when rows are first selected.
import { Button } from '@/components/ui/button.tsx';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import type { RowSelection } from '@/components/ui/row-selection.tsx';
import { bulk } from '@/lib/messages/bulk.ts';
import { reviews as t } from '@/lib/messages/reviews.ts';
import type { ReviewRow, ReviewStatus } from '@/features/reviews/api/reviews-query.ts';
import { reviewBatch, useBulkReviewStatus } from '@/features/reviews/api/reviews-bulk-status-mutation.ts';

export function ReviewBulkBar({ selection }: { selection: RowSelection<ReviewRow> }) {
  const mutation = useBulkReviewStatus();
  const apply = (status: ReviewStatus) =>
    mutation.mutate(
      {
        batch: reviewBatch(selection.rows, status),
        labels: new Map(selection.rows.map((row) => [row.id, row.customer_name ?? t.unknown])),
        done: status === 'inactive' ? bulk.reviews.hidden : bulk.reviews.shown,
        reversible: true,
      },
      { onSuccess: () => selection.clear() },
    );
  return (
    <BulkBar count={selection.rows.length} onClear={selection.clear} busy={mutation.isPending}>
      <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => apply('inactive')}>
        {bulk.reviews.hide}
      </Button>
      <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => apply('active')}>
        {bulk.reviews.show}
      </Button>
    </BulkBar>
  );
}
