// Row selection of a list (docs/screens.md#bulk-actions), opt-in per screen: `useRowSelection`
// gives the checkbox column a screen puts first in its DataTable columns (native checkboxes: Tab
// reaches them, Space toggles; the header's selects or clears the page) and the selected rows of
// the page shown. The selection belongs to one view of the list (its `resetKey`: filters, sort,
// page and page size), so another page or filter starts with none. What acts on the selection (the
// bulk action bar, bulk-bar.tsx) loads when rows are first selected.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { DataTableColumn } from './data-table.tsx';

// The checkboxes (with their Vietnamese names) arrive just after the list's first paint, an empty
// box of their size standing in: the screens' cold download stays within its budget.
const SelectBox = lazy(() => import('./select-box.tsx'));
const BOX = <span className="inline-block size-4" />;

/**
 * A list's bulk action bar, imported the first time rows are selected (the screen renders it only
 * then): not part of the screen's cold download (docs/architecture.md#lazy-parts).
 */
export function lazyBulkBar<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyBulkBar(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

const NONE: ReadonlySet<string> = new Set();

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
}: {
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** What a row's checkbox says it selects ("Chọn dòng …"). */
  rowLabel: (row: Row) => string;
  /** The list's view (filters, sort, page): when it changes, nothing is selected any more. */
  resetKey: string;
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
      <Suspense fallback={BOX}>
        <SelectBox
          checked={all}
          indeterminate={selected.length > 0 && !all}
          disabled={pageRows.length === 0}
          onChange={(on) => setState({ key: resetKey, ids: on ? new Set(pageRows.map(rowKey)) : NONE })}
        />
      </Suspense>
    ),
    className: 'w-10',
    // On a phone the row's checkbox sits with the card's actions (its header has no place there).
    card: 'action',
    cell: (row) => (
      <Suspense fallback={BOX}>
        <SelectBox checked={ids.has(rowKey(row))} row={rowLabel(row)} onChange={(on) => toggle(rowKey(row), on)} />
      </Suspense>
    ),
  };
  return { column, rows: selected, clear };
}
