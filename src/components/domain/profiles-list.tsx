// The body of the customers and providers lists (docs/screens.md#customers, docs/screens.md#providers): a search and a status filter,
// a refresh button and "Xóa bộ lọc" once a filter is set, then the page of rows with its
// pagination. Filters, sort and page live in the URL (the page's useUrlState); a page past the end
// goes back to the first page; the searched text is marked in the rows (the columns get it).
import { FilterBar, SearchInput, SelectFilter } from '@/components/ui/filter-bar.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable, type PagedListData, type PagedQuery } from '@/components/ui/paged-table.tsx';
import { RefreshButton } from '@/components/ui/refresh-button.tsx';
import { offsetWindow, type ListPosition } from '@/lib/paging.ts';
import { useKeepPageInRange, type SetUrlStateOptions } from '@/lib/url-state.ts';

export interface ProfilesListTexts {
  title: string;
  description: string;
  loadFailed: string;
  empty: string;
  searchLabel: string;
  searchPlaceholder: string;
  statusLabel: string;
  allStatuses: string;
}

interface ProfilesListFilters extends ListPosition {
  q: string;
  status: string;
  sort: string;
}

export function ProfilesList<Row extends { id: string }>({
  texts,
  columns,
  statusOptions,
  filters,
  setFilters,
  resetFilters,
  list,
  pageSize,
  defaultSort,
}: {
  texts: ProfilesListTexts;
  columns: readonly DataTableColumn<Row>[];
  defaultSort: string;
  statusOptions: readonly { value: string; label: string }[];
  filters: ProfilesListFilters;
  setFilters: (patch: Partial<ProfilesListFilters>, setOptions?: SetUrlStateOptions) => void;
  resetFilters: () => void;
  list: PagedQuery & { isLoading: boolean; data?: PagedListData<Row> | undefined };
  pageSize: number;
}) {
  const filtered = filters.q !== '' || filters.status !== '';
  useKeepPageInRange(setFilters, {
    page: filters.page,
    settled: list.data !== undefined && !list.isFetching,
    empty: list.data?.rows.length === 0,
    lastPage: 1,
  });

  return (
    <div>
      <PageHeader title={texts.title} description={texts.description} />
      <FilterBar
        {...(filtered ? { onClear: resetFilters } : {})}
        actions={<RefreshButton onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />}
      >
        <SearchInput
          label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
          value={filters.q}
          onChange={(q) => setFilters({ q }, { replace: true })}
        />
        <SelectFilter
          label={texts.statusLabel}
          value={filters.status}
          allLabel={texts.allStatuses}
          options={statusOptions}
          onChange={(status) => setFilters({ status })}
        />
      </FilterBar>
      <PagedTable
        caption={texts.title}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        errorTitle={texts.loadFailed}
        emptyTitle={texts.empty}
        query={list}
        page={filters.page}
        pageSize={pageSize}
        total={list.data?.total}
        approximate={list.data?.totalExact === false}
        cursors={list.data ? { first: list.data.firstCursor ?? null, last: list.data.lastCursor ?? null } : undefined}
        sort={filters.sort}
        defaultSort={defaultSort}
        onSortChange={(sort) => setFilters({ sort })}
        onNavigate={setFilters}
        offsetWindow={offsetWindow(filters.q.trim() !== '')}
      />
    </div>
  );
}
