// Bulk hide / show of the reviews list (docs/screens.md#bulk-actions): one
// admin_bulk_set_review_status call for the selected rows, each over the version (updated_at) the
// list showed, with "Hoàn tác" in the toast.
import { useBulkStatus } from '@/api/bulk-status-mutation.ts';
import type { BulkBatch } from '@/lib/lists/bulk.ts';
import { reviewKeys } from './keys.ts';
import type { ReviewRow, ReviewStatus } from './reviews-query.ts';

export function reviewBatch(rows: readonly Pick<ReviewRow, 'id' | 'updated_at'>[], status: ReviewStatus): BulkBatch {
  return { ids: rows.map((row) => row.id), statuses: rows.map(() => status), expected: rows.map((row) => row.updated_at) };
}

export function useBulkReviewStatus() {
  return useBulkStatus({ fn: 'admin_bulk_set_review_status', expectedArg: 'p_expected_updated_at', invalidate: [reviewKeys.all] });
}
