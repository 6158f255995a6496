// A server-paginated list: the DataTable of one page's rows (numbered from the page's offset)
// and the Pagination under it, both driven by the page's query. `total` undefined (the count not
// known yet) hides the pagination; `busy` disables it while something else the total depends on
// loads; `footnote` goes between the two (e.g. "the total is an estimate").
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { PAGE_SIZE } from '@/lib/paging.ts';
import { Pagination } from './pagination.tsx';

/** The parts of a react-query result the list reads. */
export interface PagedQuery {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export type PagedTableProps<Row> = Omit<DataTableProps<Row>, 'isLoading' | 'isFetching' | 'error' | 'onRetry' | 'rowNumberOffset'> & {
  query: PagedQuery;
  page: number;
  pageSize?: number;
  total: number | undefined;
  approximate?: boolean;
  onPageChange: (page: number) => void;
  busy?: boolean;
  footnote?: ReactNode;
};

export function PagedTable<Row>({ query, page, pageSize = PAGE_SIZE, total, approximate = false, onPageChange, busy = false, footnote, ...table }: PagedTableProps<Row>) {
  return (
    <>
      <DataTable
        {...table}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        rowNumberOffset={(page - 1) * pageSize}
      />
      {footnote}
      {total !== undefined ? (
        <Pagination page={page} total={total} pageSize={pageSize} onPageChange={onPageChange} disabled={query.isFetching || busy} approximate={approximate} />
      ) : null}
    </>
  );
}
