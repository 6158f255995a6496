// The bulk action bar of the promotion codes list (docs/screens.md#bulk-actions): "Tạm dừng" /
// "Tiếp tục" for the selected codes at once, with "Hoàn tác" in the toast. Loaded when rows are
// first selected.
import { Button } from '@/components/ui/button.tsx';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import type { RowSelection } from '@/components/ui/row-selection.tsx';
import { bulk } from '@/lib/messages/bulk.ts';
import type { PromotionStatus } from '@/features/promotions/api/promotion-rules.ts';
import type { PromotionRow } from '@/features/promotions/api/promotion-types.ts';
import { promotionBatch, useBulkPromotionStatus } from '@/features/promotions/api/promotions-bulk-status-mutation.ts';

export function PromotionBulkBar({ selection }: { selection: RowSelection<PromotionRow> }) {
  const mutation = useBulkPromotionStatus();
  const apply = (status: PromotionStatus) =>
    mutation.mutate(
      {
        batch: promotionBatch(selection.rows, status),
        labels: new Map(selection.rows.map((row) => [row.id, row.code])),
        done: status === 'inactive' ? bulk.promotions.paused : bulk.promotions.resumed,
        reversible: true,
      },
      { onSuccess: () => selection.clear() },
    );
  return (
    <BulkBar count={selection.rows.length} onClear={selection.clear} busy={mutation.isPending}>
      <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => apply('inactive')}>
        {bulk.promotions.pause}
      </Button>
      <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => apply('active')}>
        {bulk.promotions.resume}
      </Button>
    </BulkBar>
  );
}
