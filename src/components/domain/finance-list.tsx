// The frame of the finance lists (docs/screens.md#commissions, docs/screens.md#deposit-history):
// a header with "Làm mới" and "Xuất CSV" of every filtered row, the stat cards of the current
// filters, a filter bar of free-text search, one provider, the list's own filter and a period of
// Vietnam days (lib/lists/finance-filters.ts), then one page of rows sorted and paged in the URL. The
// screen gives its URL state, queries, columns, cards and own filter.
import type { QueryKey } from '@tanstack/react-query';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { RefreshAndExportActions, type CsvExportResult } from '@/components/ui/csv-export-button.tsx';
import { DateRangeFilter, SearchFilterBar } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ListTable, listViewProps, useListPaging, type PagedListQuery } from '@/components/ui/paged-table.tsx';
import { InlineQueryError } from '@/components/ui/states.tsx';
import type { ListView } from '@/lib/lists/paging.ts';
import type { SetUrlStateOptions } from '@/lib/lists/url-state.ts';
import { ProviderPicker } from './provider-picker.tsx';

export interface FinanceListTexts {
  title: string;
  description: string;
  csvFilename: string;
  exporting: string;
  exportFailed: string;
  exportTooMany: (rows: number) => string;
  statsFailed: string;
  loadFailed: string;
  noMatch: string;
  empty: string;
  filters: { search: string; searchPlaceholder: string; fromDate: string; toDate: string };
}

/** The URL state the frame reads and writes: the shared filters and the list's sort and position. */
export type FinanceListState = ListView & { q: string; provider: string; from: string; to: string };

export function FinanceListPage<Row extends { id: string }>({
  texts,
  queryKey,
  exportCsv,
  state,
  setState,
  reset,
  filtered,
  list,
  columns,
  defaultSort,
  stats,
  statsGrid,
  cards,
  ownFilter,
}: {
  texts: FinanceListTexts;
  /** "Làm mới" reloads every query under it. */
  queryKey: QueryKey;
  exportCsv: (onProgress: (rows: number) => void) => Promise<CsvExportResult>;
  state: FinanceListState;
  setState: (patch: Partial<FinanceListState>, setOptions?: SetUrlStateOptions) => void;
  reset: () => void;
  /** A filter is set (the list's own one included). */
  filtered: boolean;
  list: PagedListQuery<Row>;
  columns: readonly DataTableColumn<Row>[];
  defaultSort: string;
  /** The query of the stat cards (over every row matching the filters). */
  stats: { isFetching: boolean; error: unknown };
  /** The grid's columns at xl, e.g. `xl:grid-cols-4`. */
  statsGrid: string;
  cards: ReactNode;
  /** The list's own filter, between the provider and the period. */
  ownFilter: ReactNode;
}) {
  const { total } = useListPaging(list, state.page, setState);
  return (
    <div>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={<RefreshAndExportActions queryKey={queryKey} total={total} run={exportCsv} fileStem={texts.csvFilename} texts={texts} />}
      />

      <div className={clsx('mb-4 grid gap-3 sm:grid-cols-2', statsGrid)} aria-busy={stats.isFetching || undefined}>
        {cards}
      </div>
      <InlineQueryError title={texts.statsFailed} error={stats.error} />

      <SearchFilterBar filtered={filtered} onClear={reset} texts={texts.filters} search={state.q} onSearch={(q, options) => setState({ q }, options)}>
        <ProviderPicker value={state.provider} onChange={(provider) => setState({ provider })} />
        {ownFilter}
        <DateRangeFilter labels={texts.filters} from={state.from} to={state.to} onChange={setState} />
      </SearchFilterBar>

      <ListTable list={list} texts={texts} filtered={filtered} columns={columns} {...listViewProps(state, setState, defaultSort, state.q.trim() !== '')} />
    </div>
  );
}
