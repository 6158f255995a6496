// The customers and providers lists (docs/screens.md#customers, docs/screens.md#providers): a search and a status filter,
// a refresh button and "Xóa bộ lọc" once a filter is set, then the page of rows with its
// pagination. Filters, sort and page live in the URL (lib/lists/profiles-list-filters.ts), read here with
// the list's own allowed values and page query; a page past the end goes back to the first page. The columns both
// lists show (name linking to the profile, phone, e-mail, status, registration date) are built here,
// the searched text marked in names and e-mails; each list adds its own figures before the date.
// A list may offer bulk actions (`bulk`): a checkbox column first and the bulk action bar above the
// table while rows are selected (docs/screens.md#bulk-actions).
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRowSelection, type RowSelection } from '@/components/ui/row-selection.tsx';
import { FilterBar, SearchInput, SelectFilter } from '@/components/ui/filter-bar.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { RefreshButton } from '@/components/ui/refresh-button.tsx';
import { StatusBadge, type StatusEntity } from '@/components/ui/status-badge.tsx';
import { formatDate } from '@/lib/format/format.ts';
import { profiles } from '@/lib/messages/profiles.ts';
import { offsetWindow } from '@/lib/lists/paging.ts';
import type { Page } from '@/lib/lists/paged-list.ts';
import { PROFILES_LIST_DEFAULT_SORT, PROFILES_LIST_DEFAULTS, type profilesListAllowed, type ProfilesListFilters, type ProfilesListRow } from '@/lib/lists/profiles-list-filters.ts';
import { useKeepPageInRange, useUrlState } from '@/lib/lists/url-state.ts';

export interface ProfilesListTexts {
  title: string;
  description: string;
  loadFailed: string;
  empty: string;
  searchLabel: string;
  searchPlaceholder: string;
  statusLabel: string;
  allStatuses: string;
  columns: { createdAt: string };
}

function profileColumns<Row extends ProfilesListRow>(
  search: string,
  { entity, detailPath, createdAt }: { entity: StatusEntity; detailPath: string; createdAt: string },
  figures: readonly DataTableColumn<Row>[],
): DataTableColumn<Row>[] {
  const t = profiles.list.columns;
  return [
    {
      key: 'name',
      header: t.name,
      sortKey: 'name',
      cell: (row) => (
        <Link to={`${detailPath}/${row.id}`} className="font-medium text-teal-800 hover:underline">
          <Highlight text={row.name} term={search} />
        </Link>
      ),
    },
    { key: 'phone', header: t.phone, className: 'whitespace-nowrap', cell: (row) => row.phone ?? '—' },
    { key: 'email', header: t.email, cell: (row) => (row.email ? <Highlight text={row.email} term={search} /> : '—') },
    { key: 'status', header: t.status, cell: (row) => <StatusBadge entity={entity} status={row.status} /> },
    ...figures,
    { key: 'created', header: createdAt, className: 'whitespace-nowrap', sortKey: 'created_at', cell: (row) => formatDate(row.created_at) },
  ];
}

export function ProfilesList<Row extends ProfilesListRow, Key extends QueryKey>({
  texts,
  entity,
  detailPath,
  figures,
  statusOptions,
  allowed,
  query,
  bulk,
}: {
  texts: ProfilesListTexts;
  /** Whose statuses the badges show. */
  entity: StatusEntity;
  /** A name links to `${detailPath}/${id}`. */
  detailPath: string;
  /** The list's own columns, between the status and the registration date. */
  figures: readonly DataTableColumn<Row>[];
  statusOptions: readonly { value: string; label: string }[];
  /** The statuses and sorts the URL may hold (profilesListAllowed). */
  allowed: ReturnType<typeof profilesListAllowed>;
  /** The list's page query (its `<resource>QueryOptions`) for the URL's filters. */
  query: (filters: ProfilesListFilters) => UseQueryOptions<Page<Row>, Error, Page<Row>, Key>;
  /** The bulk action bar over the selected rows of the page (shown while rows are selected), or none: no checkbox column. */
  bulk?: (selection: RowSelection<Row>) => ReactNode;
}) {
  const [filters, setFilters, resetFilters] = useUrlState(PROFILES_LIST_DEFAULTS, { allowed });
  const list = useQuery(query(filters));
  const selection = useRowSelection({ rows: list.data?.rows, rowKey: (row) => row.id, rowLabel: (row) => row.name, resetKey: JSON.stringify(filters) });
  const columns = profileColumns(filters.q, { entity, detailPath, createdAt: texts.columns.createdAt }, figures);
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
      {bulk && selection.rows.length > 0 ? bulk(selection) : null}
      <PagedTable
        caption={texts.title}
        columns={bulk ? [selection.column, ...columns] : columns}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        errorTitle={texts.loadFailed}
        emptyTitle={texts.empty}
        query={list}
        page={filters.page}
        total={list.data?.total}
        approximate={list.data?.totalExact === false}
        cursors={list.data ? { first: list.data.firstCursor ?? null, last: list.data.lastCursor ?? null } : undefined}
        servedSort={list.data?.sort}
        sort={filters.sort}
        defaultSort={PROFILES_LIST_DEFAULT_SORT}
        onSortChange={(sort) => setFilters({ sort })}
        onNavigate={setFilters}
        offsetWindow={offsetWindow(filters.q.trim() !== '')}
      />
    </div>
  );
}
