// Table with loading / empty / error states, an optional row-number column (continuing across
// pages) and sortable headers whose sort string ("column.asc" / "column.desc", lib/lists/sort.ts) lives in
// the URL: a click sorts ascending, then descending, then back to the list's default order, and the
// header of the order shown carries `aria-sort`. Cells never let long unbroken text overflow: it
// wraps (docs/screens.md#sorting-lists). Below 640 px the rows are cards instead: each a title (the
// column marked `card: 'title'`, else the first), then the other columns' values under their header,
// then the actions, with a sort select above them (docs/screens.md#phones).
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useSyncExternalStore, type ReactNode } from 'react';
import type { ErrorContext } from '@/lib/errors/errors.ts';
import { common } from '@/lib/messages/common.ts';
import { effectiveSort, nextSort } from '@/lib/lists/sort.ts';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

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
  defaultSort = '',
  onSortChange,
  rowClassName,
  className,
}: DataTableProps<Row>) {
  const showNumbers = rowNumberOffset !== undefined;
  const parsedSort = effectiveSort(sort, defaultSort);
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
      <DataCards
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        caption={caption}
        isLoading={isLoading}
        isFetching={isFetching}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        rowNumberOffset={rowNumberOffset}
        sort={sort}
        defaultSort={defaultSort}
        onSortChange={onSortChange}
        rowClassName={rowClassName}
        className={className}
      />
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

type DataCardsProps<Row> = Pick<
  DataTableProps<Row>,
  | 'columns'
  | 'rows'
  | 'rowKey'
  | 'caption'
  | 'isLoading'
  | 'isFetching'
  | 'emptyTitle'
  | 'emptyDescription'
  | 'rowNumberOffset'
  | 'sort'
  | 'defaultSort'
  | 'onSortChange'
  | 'rowClassName'
  | 'className'
>;

/** The rows of a DataTable as cards (phones): title, facts under their headers, actions. */
function DataCards<Row>({
  columns,
  rows,
  rowKey,
  caption,
  isLoading = false,
  isFetching = false,
  emptyTitle,
  emptyDescription,
  rowNumberOffset,
  sort = '',
  defaultSort = '',
  onSortChange,
  rowClassName,
  className,
}: DataCardsProps<Row>) {
  const sortId = useId();
  const visible = columns.filter((column) => column.card !== 'hidden');
  const title = visible.find((column) => column.card === 'title') ?? visible.find((column) => column.card !== 'action');
  const facts = visible.filter((column) => column !== title && column.card !== 'action');
  const actions = visible.filter((column) => column.card === 'action');
  // Sorting by a header has no header to click here: a select offers the same orders.
  const sortable = onSortChange
    ? columns.filter((column): column is DataTableColumn<Row> & { sortKey: string; header: string } =>
        column.sortKey !== undefined && typeof column.header === 'string',
      )
    : [];
  const parsedSort = effectiveSort(sort, defaultSort);
  const sortValue = sort !== '' && parsedSort ? `${parsedSort.column}.${parsedSort.ascending ? 'asc' : 'desc'}` : '';

  return (
    <div className={clsx('min-w-0', className)} data-testid="data-cards">
      {sortable.length > 0 && onSortChange ? (
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
            {sortable.map((column) => [
              <option key={`${column.key}.asc`} value={`${column.sortKey}.asc`}>
                {common.table.ascending(column.header)}
              </option>,
              <option key={`${column.key}.desc`} value={`${column.sortKey}.desc`}>
                {common.table.descending(column.header)}
              </option>,
            ])}
          </select>
        </div>
      ) : null}
      {isLoading ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <LoadingState />
        </div>
      ) : rows === undefined || rows.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={emptyTitle ?? common.states.empty} description={emptyDescription} />
        </div>
      ) : (
        <ul aria-label={caption} aria-busy={isFetching || undefined} className={clsx('space-y-2', isFetching && 'opacity-60')}>
          {rows.map((row, index) => (
            <li
              key={rowKey(row)}
              data-testid="data-card"
              className={clsx('relative min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm', rowClassName?.(row))}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 font-medium break-words text-slate-900">{title ? title.cell(row, index) : null}</div>
                {rowNumberOffset !== undefined ? (
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                    <span className="sr-only">{common.table.rowNumber} </span>
                    {rowNumberOffset + index + 1}
                  </span>
                ) : null}
              </div>
              {facts.length > 0 ? (
                <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5">
                  {facts.map((column) => (
                    <div key={column.key} className="contents">
                      <dt className="min-w-0 text-xs break-words text-slate-500">{column.header}</dt>
                      <dd className="min-w-0 break-words">{column.cell(row, index)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions.length > 0 ? (
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {actions.map((column) => (
                    <div key={column.key} className="min-w-0">
                      {column.cell(row, index)}
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
