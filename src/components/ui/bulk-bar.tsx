// The bulk action bar of a list (docs/screens.md#bulk-actions): "Đã chọn n", the screen's actions
// and "Bỏ chọn" while rows are selected (components/ui/row-selection.tsx). Screens load it with
// their actions when rows are first selected, not with the list.
import type { ReactNode } from 'react';
import { bulk as t } from '@/lib/messages/bulk.ts';
import { Button } from './button.tsx';

/** "Đã chọn n", the actions and "Bỏ chọn", above the table while rows are selected. */
export function BulkBar({ count, onClear, busy = false, children }: { count: number; onClear: () => void; busy?: boolean; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={t.barLabel}
      data-testid="bulk-bar"
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50 px-3 py-2 text-sm"
    >
      <span role="status" className="font-semibold text-teal-900">
        {busy ? t.working : t.selected(count)}
      </span>
      <span className="flex flex-wrap items-center gap-2">{children}</span>
      <Button variant="ghost" size="sm" onClick={onClear} disabled={busy} className="ml-auto">
        {t.clear}
      </Button>
    </div>
  );
}
