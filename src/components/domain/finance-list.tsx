// The frame the finance lists share (docs/screens.md#commissions, docs/screens.md#deposit-history):
// a header with "Làm mới" and "Xuất CSV" of every filtered row, and a filter bar of free-text
// search, one provider, the list's own filter and a period of Vietnam days (lib/finance-filters.ts),
// all kept in the URL.
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RefreshAndExportActions, type CsvExportResult } from '@/components/ui/csv-export-button.tsx';
import { DateRangeFilter, SearchFilterBar } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ProviderPicker } from './provider-picker.tsx';

export interface FinanceListTexts {
  title: string;
  description: string;
  csvFilename: string;
  exporting: string;
  exportFailed: string;
  exportTooMany: (rows: number) => string;
}

export function FinanceListHeader({
  texts,
  queryKey,
  total,
  exportCsv,
}: {
  texts: FinanceListTexts;
  /** "Làm mới" reloads every query under it. */
  queryKey: QueryKey;
  /** Rows matching the filters (nothing to export at 0, unknown while loading). */
  total: number | undefined;
  exportCsv: (onProgress: (rows: number) => void) => Promise<CsvExportResult>;
}) {
  return (
    <PageHeader
      title={texts.title}
      description={texts.description}
      actions={<RefreshAndExportActions queryKey={queryKey} total={total} run={exportCsv} fileStem={texts.csvFilename} texts={texts} />}
    />
  );
}

/** The URL state of the shared filters (the list's own one is its child's). */
export interface FinanceFilterState {
  q: string;
  provider: string;
  from: string;
  to: string;
}

export function FinanceFilterBar({
  state,
  setState,
  filtered,
  onClear,
  texts,
  children,
}: {
  state: FinanceFilterState;
  setState: (patch: Partial<FinanceFilterState>, setOptions?: { replace: true }) => void;
  filtered: boolean;
  onClear: () => void;
  texts: { search: string; searchPlaceholder: string; fromDate: string; toDate: string };
  /** The list's own filter, between the provider and the period. */
  children: ReactNode;
}) {
  return (
    <SearchFilterBar filtered={filtered} onClear={onClear} texts={texts} search={state.q} onSearch={(q, options) => setState({ q }, options)}>
      <ProviderPicker value={state.provider} onChange={(provider) => setState({ provider })} />
      {children}
      <DateRangeFilter labels={texts} from={state.from} to={state.to} onChange={setState} />
    </SearchFilterBar>
  );
}
