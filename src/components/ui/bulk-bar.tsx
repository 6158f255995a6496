// Row selection and the bulk action bar of a list (docs/screens.md#bulk-actions), opt-in per
// screen: `useRowSelection` gives the checkbox column a screen puts first in its DataTable columns
// (native checkboxes: Tab reaches them, Space toggles; the header's selects or clears the page) and
// the selected rows of the page shown; the selection belongs to one view of the list (its
// `resetKey`: filters, sort and page), so another page or filter starts with none. `BulkBar` shows
// "Đã chọn n", the screen's actions and "Bỏ chọn" while rows are selected.
import { useCallback, useState, type ReactNode } from 'react';
import { bulk as t } from '@/lib/messages/bulk.ts';
import { Button } from './button.tsx';
import type { DataTableColumn } from './data-table.tsx';

const NONE: ReadonlySet<string> = new Set();

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
  disabled = false,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const ref = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.indeterminate = indeterminate;
    },
    [indeterminate],
  );
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 cursor-pointer accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    />
  );
}

export interface RowSelection<Row> {
  /** The checkbox column: put it first in the table's columns. */
  column: DataTableColumn<Row>;
  /** The selected rows of the page shown, in its order. */
  rows: Row[];
  clear: () => void;
}

export function useRowSelection<Row>({
  rows,
  rowKey,
  rowLabel,
  resetKey,
  disabled = false,
}: {
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** What a row's checkbox says it selects ("Chọn dòng …"). */
  rowLabel: (row: Row) => string;
  /** The list's view (filters, sort, page): when it changes, nothing is selected any more. */
  resetKey: string;
  /** While a bulk action runs, the selection stays as it is. */
  disabled?: boolean;
}): RowSelection<Row> {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: resetKey, ids: NONE });
  const ids = state.key === resetKey ? state.ids : NONE;
  const pageRows = rows ?? [];
  const selected = pageRows.filter((row) => ids.has(rowKey(row)));
  const all = pageRows.length > 0 && selected.length === pageRows.length;

  const toggle = (id: string, on: boolean) =>
    setState((previous) => {
      const next = new Set(previous.key === resetKey ? previous.ids : NONE);
      if (on) next.add(id);
      else next.delete(id);
      return { key: resetKey, ids: next };
    });
  const clear = () => setState({ key: resetKey, ids: NONE });

  const column: DataTableColumn<Row> = {
    key: 'select',
    header: (
      <Checkbox
        checked={all}
        indeterminate={selected.length > 0 && !all}
        label={t.selectPage}
        disabled={disabled || pageRows.length === 0}
        onChange={(on) => setState({ key: resetKey, ids: on ? new Set(pageRows.map(rowKey)) : NONE })}
      />
    ),
    className: 'w-10',
    cell: (row) => (
      <Checkbox checked={ids.has(rowKey(row))} label={t.selectRow(rowLabel(row))} disabled={disabled} onChange={(on) => toggle(rowKey(row), on)} />
    ),
  };
  return { column, rows: selected, clear };
}

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
