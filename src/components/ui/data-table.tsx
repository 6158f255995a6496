// Table with loading / empty / error states, an optional row-number column (continuing across
// pages) and sortable headers whose sort string ("column.asc" / "column.desc", lib/lists/sort.ts) lives in
// the URL: a click sorts ascending, then descending, then back to the list's default order, and the
// header of the order shown carries `aria-sort`. Cells never let long unbroken text overflow: it
// wraps (docs/screens.md#sorting-lists). Below 640 px the rows are cards instead: each a title (the
// column marked `card: 'title'`, else the first), then the other columns' values under their header,
// then the actions, with a sort select above them (components/ui/data-cards.tsx, loaded on a phone
// only; docs/screens.md#phones).
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { ErrorContext } from '@/lib/errors/errors.ts';
import { common } from '@/lib/messages/common.ts';
import { effectiveSort, nextSort } from '@/lib/lists/sort.ts';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

/** The cards of a list on a phone: their code loads the first time a list shows on one. */
const DataCards = lazy(async () => ({ default: (await import('./data-cards.tsx')).DataCards }));

export interface DataTableColumn<Row> {
  /** Unique key of the column. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Database column to sort by when the header is clicked; leave out for unsortable columns. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  className?: string;
  /** Free text (a comment): the cell may grow to 28rem instead of 20rem before it wraps. */
  wide?: boolean;
  /**
   * Its place in the card of a row on a phone: the card's title, a fact under its header (the
   * default; the first column is the title when no column is), an action at the card's foot, or
   * left out of the card.
   */
  card?: 'title' | 'fact' | 'action' | 'hidden';
}

/** Below this width (Tailwind's `sm`) a list shows its rows as cards. */
export const NARROW_SCREEN_QUERY = '(max-width: 639.98px)';

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function narrowNow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

/** Whether the window is narrower than 640 px (a phone), following resizes and rotations. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, narrowNow, () => false);
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Accessible table name (visually hidden caption). */
  caption: string;
  isLoading?: boolean;
  /** Dims the rows while a new page / filter loads over existing data. */
  isFetching?: boolean;
  error?: unknown;
  errorTitle?: string;
  errorContext?: ErrorContext;
  onRetry?: () => void;
  emptyTitle?: string;
  emptyDescription?: ReactNode;
  /** When set, a first "STT" column numbers rows starting after this offset (e.g. (page−1)×50). */
  rowNumberOffset?: number;
  /** The URL's sort ('' = the default order). */
  sort?: string;
  /** The order the rows are really in, when the server chose another one than `sort` (its header shows it). */
  shownSort?: string | undefined;
  /** The order the server uses when `sort` is '' (its header shows it). */
  defaultSort?: string;
  onSortChange?: (sort: string) => void;
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
}

const alignClass = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  isLoading = false,
  isFetching = false,
  error,
  errorTitle,
  errorContext,
  onRetry,
  emptyTitle,
  emptyDescription,
  rowNumberOffset,
  sort = '',
  shownSort,
  defaultSort = '',
  onSortChange,
  rowClassName,
  className,
}: DataTableProps<Row>) {
  const showNumbers = rowNumberOffset !== undefined;
  const parsedSort = effectiveSort(shownSort ?? sort, defaultSort);
  const narrow = useNarrowScreen();

  if (error !== undefined && error !== null) {
    return (
      <ErrorState
        title={errorTitle}
        error={error}
        {...(errorContext ? { context: errorContext } : {})}
        {...(onRetry ? { onRetry } : {})}
      />
    );
  }

  if (narrow) {
    return (
      <Suspense fallback={<LoadingState />}>
        <DataCards
          columns={columns}
          rowCount={rows?.length}
          rowKey={(row) => {
            const value = rows?.[row];
            return value === undefined ? String(row) : rowKey(value);
          }}
          rowClassName={(row) => {
            const value = rows?.[row];
            return value === undefined ? undefined : rowClassName?.(value);
          }}
          cell={(column, row) => {
            const value = rows?.[row];
            const shown = columns[column];
            return value === undefined || shown === undefined ? null : shown.cell(value, row);
          }}
          rowNumberOffset={rowNumberOffset}
          caption={caption}
          isLoading={isLoading}
          isFetching={isFetching}
          emptyTitle={emptyTitle ?? common.states.empty}
          emptyDescription={emptyDescription}
          sort={sort}
          defaultSort={defaultSort}
          onSortChange={onSortChange}
          className={className}
        />
      </Suspense>
    );
  }

  return (
    // `relative`: the scroll box is the containing block of what is absolutely placed inside it
    // (visually hidden labels), so nothing in a wide table widens the page beyond the box.
    <div className={clsx('relative overflow-x-auto rounded-lg border border-slate-200 bg-white', className)}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={isLoading || isFetching || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {showNumbers ? (
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700">
                {common.table.rowNumber}
              </th>
            ) : null}
            {columns.map((column) => {
              const active = parsedSort !== null && column.sortKey !== undefined && parsedSort.column === column.sortKey;
              const ariaSort = active ? (parsedSort.ascending ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort}
                  className={clsx(
                    // Headers wrap between words: a long header must not widen a figure's column.
                    'px-3 py-2 font-semibold text-slate-700',
                    alignClass[column.align ?? 'left'],
                  )}
                >
                  {column.sortKey !== undefined && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(sort, column.sortKey as string, defaultSort))}
                      className="inline-flex items-center gap-1 rounded text-left hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700"
                    >
                      {column.header}
                      {active ? (
                        parsedSort.ascending ? (
                          <ArrowUp className="size-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowDown className="size-3.5" aria-hidden="true" />
                        )
                      ) : (
                        <ArrowUpDown className="size-3.5 text-slate-400" aria-hidden="true" />
                      )}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={clsx('divide-y divide-slate-100', isFetching && !isLoading && 'opacity-60')}>
          {isLoading ? (
            <tr>
              <td colSpan={columns.length + (showNumbers ? 1 : 0)}>
                <LoadingState />
              </td>
            </tr>
          ) : rows === undefined || rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (showNumbers ? 1 : 0)}>
                <EmptyState title={emptyTitle ?? common.states.empty} description={emptyDescription} />
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row)} className={clsx('hover:bg-slate-50', rowClassName?.(row))}>
                {showNumbers ? (
                  <td className="px-3 py-2 text-slate-500 tabular-nums">{(rowNumberOffset ?? 0) + index + 1}</td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.key} className={clsx('px-3 py-2 align-middle', alignClass[column.align ?? 'left'], column.className)}>
                    {/* The cap bounds what one cell asks of the table; break-words wraps a long unbroken text inside it. */}
                    <div className={clsx('break-words', column.wide ? 'max-w-md' : 'max-w-xs')}>{column.cell(row, index)}</div>
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
