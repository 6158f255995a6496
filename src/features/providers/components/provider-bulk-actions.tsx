// The bulk action bar of the providers list (docs/screens.md#bulk-actions): "Duyệt" (active) and
// "Tạm dừng" (inactive) at once, with "Hoàn tác" in the toast; "Cấm" after a confirmation naming
// the providers, as the ban card asks for one provider (no reason: the single ban asks none).
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import type { RowSelection } from '@/components/ui/row-selection.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { nameRows } from '@/lib/lists/bulk.ts';
import { bulk } from '@/lib/messages/bulk.ts';
import type { ProviderListRow } from '@/features/providers/api/providers-query.ts';
import { providerBatch, useBulkProviderStatus, type ProviderBulkStatus } from '@/features/providers/api/providers-bulk-status-mutation.ts';

const t = bulk.providers;
const DONE: Record<ProviderBulkStatus, (count: number) => string> = { active: t.approved, inactive: t.paused, banned: t.banned };

export function ProviderBulkActions({ selection }: { selection: RowSelection<ProviderListRow> }) {
  const mutation = useBulkProviderStatus();
  const [confirmingBan, setConfirmingBan] = useState(false);
  const rows = selection.rows;
  const labels = new Map(rows.map((row) => [row.id, row.name]));

  const apply = (status: ProviderBulkStatus) =>
    mutation.mutate(
      { batch: providerBatch(rows, status), labels, done: DONE[status], reversible: status !== 'banned' },
      {
        onSuccess: () => selection.clear(),
        onSettled: () => setConfirmingBan(false),
      },
    );

  return (
    <BulkBar count={rows.length} onClear={selection.clear} busy={mutation.isPending}>
      <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => apply('active')}>
        {t.approve}
      </Button>
      <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => apply('inactive')}>
        {t.pause}
      </Button>
      <Button size="sm" variant="danger" disabled={mutation.isPending} onClick={() => setConfirmingBan(true)}>
        {t.ban}
      </Button>
      <ConfirmDialog
        open={confirmingBan}
        onOpenChange={setConfirmingBan}
        title={t.confirmBanTitle(rows.length)}
        description={t.confirmBan(nameRows(rows.map((row) => row.id), (id) => labels.get(id)))}
        confirmLabel={t.ban}
        destructive
        pending={mutation.isPending}
        onConfirm={() => apply('banned')}
      />
    </BulkBar>
  );
}
