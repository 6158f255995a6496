// A server-paginated list: the DataTable of one page's rows (numbered from the page's offset)
// and the Pagination under it, both driven by the page's query. `total` undefined (the count not
// known yet) hides the pagination; `footnote` goes between the two (e.g. "the total is an
// estimate"). Page numbers open within the numbered window (docs/search.md#deep-pages); past it,
// "next" / "previous" follow the page's cursors, which the URL keeps with the page number. The page
// size is the URL's (`?size=`, lib/lists/url-state.ts useListPageSize), chosen under the table.
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { PageHeader } from './page-header.tsx';
import { OFFSET_WINDOW, PAGE_SIZE, offsetWindow, pageReachable, type ListPosition } from '@/lib/lists/paging.ts';
import { useKeepPageInRange, useListPageSize, type SetUrlStateOptions } from '@/lib/lists/url-state.ts';
import { Pagination, pageCount } from './pagination.tsx';
import { RefreshQueryButton } from './refresh-button.tsx';
import { common } from '@/lib/messages/common.ts';

/** The parts of a react-query result the list reads. */
export interface PagedQuery {
  isPending: boolean;
  isFetching: boolean;
  /**
   * The rows shown are another page's or filter's, kept while this one loads: they are dimmed and
   * the pager waits (their cursors and total are not this page's). A background refetch of the
   * same page (a live update, "Làm mới") neither dims them nor stops the pager, so a click on it is
   * never lost.
   */
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export type PagedTableProps<Row> = Omit<DataTableProps<Row>, 'isLoading' | 'isFetching' | 'error' | 'onRetry' | 'rowNumberOffset'> & {
  query: PagedQuery;
  page: number;
  /** Rows per page; by default the URL's `?size=` (20, 50 or 100), with its select under the table. */
  pageSize?: number;
  total: number | undefined;
  approximate?: boolean;
  /** Cursors of the page shown (first and last row), for "next" / "previous" past the numbered pages. */
  cursors?: { first: string | null; last: string | null } | undefined;
  /** Goes to a page (with the cursor that reaches it, '' when its number suffices). */
  onNavigate: (position: ListPosition) => void;
  /** Rows a page number may skip from either end (lib/lists/paging.ts offsetWindow; Infinity: any page). */
  offsetWindow?: number;
  footnote?: ReactNode;
  /**
   * The order the server answered in (the page's `sort`). When it is not the one asked (typed text
   * with more than 5,000 matches is listed in the default order, docs/search.md#sorting), the
   * headers show it and a line above the table says why.
   */
  servedSort?: string | null | undefined;
};

/**
 * How the pager of a list reaches a page: by its number when the server opens it by number, else
 * the neighbour pages by the shown page's cursors; any other page is not offered.
 */
export function pageNavigation(
  page: number,
  {
    total,
    exact,
    cursors,
    pageSize = PAGE_SIZE,
    window = OFFSET_WINDOW,
  }: { total: number; exact: boolean; cursors?: { first: string | null; last: string | null } | undefined; pageSize?: number; window?: number },
): { reachable: (target: number) => boolean; position: (target: number) => ListPosition } {
  const byNumber = (target: number) => pageReachable(target, total, exact, { pageSize, window });
  const viaCursor = (target: number): ListPosition | null => {
    if (target === page + 1 && cursors?.last) return { page: target, after: cursors.last, before: '' };
    if (target === page - 1 && cursors?.first) return { page: target, after: '', before: cursors.first };
    return null;
  };
  return {
    reachable: (target) => byNumber(target) || viaCursor(target) !== null,
    position: (target) => (byNumber(target) ? null : viaCursor(target)) ?? { page: target, after: '', before: '' },
  };
}

export function PagedTable<Row>({
  query,
  page,
  pageSize: fixedPageSize,
  total,
  approximate = false,
  cursors,
  onNavigate,
  offsetWindow = OFFSET_WINDOW,
  footnote,
  servedSort,
  ...table
}: PagedTableProps<Row>) {
  const [urlPageSize, setUrlPageSize] = useListPageSize();
  const pageSize = fixedPageSize ?? urlPageSize;
  const navigation = pageNavigation(page, { total: total ?? 0, exact: !approximate, cursors, pageSize, window: offsetWindow });
  const asked = table.sort === undefined || table.sort === '' ? table.defaultSort : table.sort;
  // The rows kept while another sort loads are in their own order: no note for them.
  const otherOrder = servedSort != null && asked !== undefined && servedSort !== asked && !query.isPlaceholderData ? servedSort : undefined;
  return (
    <>
      {otherOrder !== undefined ? (
        <p role="status" className="mb-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {common.lists.sortedByDefault}
        </p>
      ) : null}
      <DataTable
        {...table}
        shownSort={otherOrder}
        isLoading={query.isPending}
        isFetching={query.isPlaceholderData}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        rowNumberOffset={(page - 1) * pageSize}
      />
      {footnote}
      {/* Beside an error the range of the previous answer would be stale: no pagination then. */}
      {total !== undefined && !query.error ? (
        <Pagination
          page={page}
          total={total}
          pageSize={pageSize}
          onPageChange={(target) => onNavigate(navigation.position(target))}
          reachable={navigation.reachable}
          disabled={query.isPlaceholderData}
          approximate={approximate}
          {...(fixedPageSize === undefined ? { onPageSizeChange: setUrlPageSize } : {})}
        />
      ) : null}
    </>
  );
}

/** A list query's answer: one page of rows and the total (exact, or the planner's estimate). */
export interface PagedListData<Row> {
  rows: Row[];
  total: number;
  /** false: `total` is the planner's estimate; absent: the query always counts exactly. */
  totalExact?: boolean;
  firstCursor?: string | null;
  lastCursor?: string | null;
  /** The order the rows are in, when the server says (lib/lists/paged-list.ts Page). */
  sort?: string | null;
}

export type PagedListQuery<Row> = PagedQuery & { data?: PagedListData<Row> | undefined };

/**
 * The list's total and whether it is an estimate; keeps the URL's page in range once the list has
 * answered (useKeepPageInRange): the last page of an exact total, page 1 of an estimated one.
 */
export function useListPaging<Row>(
  list: PagedListQuery<Row>,
  page: number,
  setState: (patch: { page: number }, setOptions: SetUrlStateOptions) => void,
): { total: number | undefined; approximate: boolean } {
  const total = list.data?.total;
  const approximate = list.data?.totalExact === false;
  const [pageSize] = useListPageSize();
  useKeepPageInRange(setState, {
    page,
    settled: list.data !== undefined && !list.isFetching,
    empty: list.data?.rows.length === 0,
    lastPage: approximate ? 1 : pageCount(total ?? 0, pageSize),
  });
  return { total, approximate };
}

export type ListTableProps<Row extends { id: string }> = Omit<
  PagedTableProps<Row>,
  'query' | 'rows' | 'rowKey' | 'total' | 'approximate' | 'caption' | 'errorTitle' | 'emptyTitle' | 'footnote'
> & {
  list: PagedListQuery<Row>;
  texts: {
    title: string;
    loadFailed: string;
    noMatch: string;
    empty: string;
    /**
     * With it, an estimated total is also explained by this line under the table (and the
     * pagination shows from the start); either way the pagination says "khoảng" and offers only the
     * pages the server opens for an estimated total (docs/search.md#deep-pages).
     */
    approximateTotal?: (total: number) => string;
  };
  /** A filter is set: an empty list says "no match" rather than "nothing yet". */
  filtered: boolean;
};

/** The server-paginated table of an admin list screen, its rows keyed by id and captioned by the screen's title. */
export function ListTable<Row extends { id: string }>({ list, texts, filtered, ...table }: ListTableProps<Row>) {
  const data = list.data;
  const approximateNote = texts.approximateTotal;
  const estimated = data?.totalExact === false;
  return (
    <PagedTable
      {...table}
      caption={texts.title}
      rows={data?.rows}
      rowKey={(row) => row.id}
      errorTitle={texts.loadFailed}
      emptyTitle={filtered ? texts.noMatch : texts.empty}
      query={list}
      cursors={data ? { first: data.firstCursor ?? null, last: data.lastCursor ?? null } : undefined}
      servedSort={data?.sort}
      approximate={estimated}
      {...(approximateNote
        ? {
            total: data?.total ?? 0,
            footnote: estimated ? <p className="mt-2 text-xs text-slate-500">{approximateNote(data.total)}</p> : null,
          }
        : { total: data?.total })}
    />
  );
}

/**
 * The sort and paging props of a list screen's table from its URL state: the sort shown (the
 * default when the URL names none), the header clicks and page moves written back to the URL, and
 * the numbered window (narrower when typed text filters the list).
 */
export function listViewProps(
  state: { sort: string; page: number },
  setState: (patch: Partial<ListPosition & { sort: string }>) => void,
  defaultSort: string,
  textFiltered: boolean,
) {
  return {
    sort: state.sort,
    defaultSort,
    onSortChange: (sort: string) => setState({ sort }),
    page: state.page,
    onNavigate: setState,
    offsetWindow: offsetWindow(textFiltered),
  };
}

/** The heading of a list screen: the title and description of its texts, and "Làm mới" of every query under `queryKey`. */
export function ListPageHeader({ texts, queryKey }: { texts: { title: string; description: string }; queryKey: QueryKey }) {
  return <PageHeader title={texts.title} description={texts.description} actions={<RefreshQueryButton queryKey={queryKey} />} />;
}
