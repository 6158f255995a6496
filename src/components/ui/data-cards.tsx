// The rows of a DataTable as cards, below 640 px (docs/screens.md#phones): a title, the facts under
// their headers, the actions, and a sort select offering the orders the headers offer on a wider
// screen. Loaded the first time a list shows on a phone (components/ui/data-table.tsx), so desktop
// screens do not download it.
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { common } from '@/lib/messages/common.ts';
import { effectiveSort } from '@/lib/lists/sort.ts';
import { EmptyState, LoadingState } from './states.tsx';

/** What a card needs of a column (a DataTableColumn is one). */
export interface CardColumn {
  key: string;
  header: ReactNode;
  sortKey?: string;
  card?: 'title' | 'fact' | 'action' | 'hidden';
}

export interface DataCardsProps {
  columns: readonly CardColumn[];
  /** The number of rows (undefined: no answer yet). */
  rowCount: number | undefined;
  rowKey: (row: number) => string;
  rowClassName: (row: number) => string | undefined;
  /** The cell of column `column` (its index in `columns`) in row `row`. */
  cell: (column: number, row: number) => ReactNode;
  rowNumberOffset: number | undefined;
  caption: string;
  isLoading: boolean;
  isFetching: boolean;
  emptyTitle: string;
  emptyDescription: ReactNode;
  sort: string;
  defaultSort: string;
  onSortChange: ((sort: string) => void) | undefined;
  className: string | undefined;
}

export function DataCards({
  columns,
  rowCount,
  rowKey,
  rowClassName,
  cell,
  rowNumberOffset,
  caption,
  isLoading,
  isFetching,
  emptyTitle,
  emptyDescription,
  sort,
  defaultSort,
  onSortChange,
  className,
}: DataCardsProps) {
  const indexed = columns.map((column, index) => ({ column, index })).filter(({ column }) => column.card !== 'hidden');
  const title = indexed.find(({ column }) => column.card === 'title') ?? indexed.find(({ column }) => column.card !== 'action');
  const facts = indexed.filter((entry) => entry !== title && entry.column.card !== 'action');
  const actions = indexed.filter(({ column }) => column.card === 'action');
  // Sorting by a header has no header to click on a card: a select offers the same orders.
  const sortOptions = columns.flatMap((column) =>
    column.sortKey !== undefined && typeof column.header === 'string' ? [{ sortKey: column.sortKey, label: column.header }] : [],
  );
  const rowIndexes = Array.from({ length: rowCount ?? 0 }, (_, index) => index);
  const sortId = useId();
  const parsedSort = effectiveSort(sort, defaultSort);
  const sortValue = sort !== '' && parsedSort ? `${parsedSort.column}.${parsedSort.ascending ? 'asc' : 'desc'}` : '';

  return (
    <div className={clsx('min-w-0', className)} data-testid="data-cards">
      {sortOptions.length > 0 && onSortChange ? (
        <div className="mb-2 flex items-center gap-2">
          <label htmlFor={sortId} className="text-xs font-medium text-slate-600">
            {common.table.sortBy}
          </label>
          <select
            id={sortId}
            value={sortValue}
            onChange={(event) => onSortChange(event.target.value === defaultSort ? '' : event.target.value)}
            className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">{common.table.defaultOrder}</option>
            {sortOptions.map((option) => [
              <option key={`${option.sortKey}.asc`} value={`${option.sortKey}.asc`}>
                {common.table.ascending(option.label)}
              </option>,
              <option key={`${option.sortKey}.desc`} value={`${option.sortKey}.desc`}>
                {common.table.descending(option.label)}
              </option>,
            ])}
          </select>
        </div>
      ) : null}
      {isLoading ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <LoadingState />
        </div>
      ) : rowIndexes.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={emptyTitle} description={emptyDescription} />
        </div>
      ) : (
        <ul aria-label={caption} aria-busy={isFetching || undefined} className={clsx('space-y-2', isFetching && 'opacity-60')}>
          {rowIndexes.map((row) => (
            <li key={rowKey(row)} data-testid="data-card" className={clsx('relative min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm', rowClassName(row))}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 font-medium break-words text-slate-900">{title ? cell(title.index, row) : null}</div>
                {rowNumberOffset !== undefined ? (
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                    <span className="sr-only">{common.table.rowNumber} </span>
                    {rowNumberOffset + row + 1}
                  </span>
                ) : null}
              </div>
              {facts.length > 0 ? (
                <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5">
                  {facts.map(({ column, index }) => (
                    <div key={column.key} className="contents">
                      <dt className="min-w-0 text-xs break-words text-slate-500">{column.header}</dt>
                      <dd className="min-w-0 break-words">{cell(index, row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions.length > 0 ? (
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {actions.map(({ column, index }) => (
                    <div key={column.key} className="min-w-0">
                      {cell(index, row)}
                    </div>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
