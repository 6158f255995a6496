// Bulk pause / resume of the promotion codes list (docs/screens.md#bulk-actions): one
// admin_bulk_set_discount_code_status call for the selected codes, each over the version
// (updated_at) the list showed, with "Hoàn tác" in the toast.
import { useBulkStatus } from '@/api/bulk-status-mutation.ts';
import type { BulkBatch } from '@/lib/lists/bulk.ts';
import { promotionKeys } from './keys.ts';
import type { PromotionStatus } from './promotion-rules.ts';
import type { PromotionRow } from './promotion-types.ts';

export function promotionBatch(rows: readonly Pick<PromotionRow, 'id' | 'updated_at'>[], status: PromotionStatus): BulkBatch {
  return { ids: rows.map((row) => row.id), statuses: rows.map(() => status), expected: rows.map((row) => row.updated_at) };
}

export function useBulkPromotionStatus() {
  return useBulkStatus({ fn: 'admin_bulk_set_discount_code_status', expectedArg: 'p_expected_updated_at', invalidate: [promotionKeys.all] });
}
