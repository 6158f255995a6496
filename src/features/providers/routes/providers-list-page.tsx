// /admin/providers — providers newest first, filtered on the server by name text and status,
// 50 a page; filters and page in the URL.
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { PagedTable } from '../../../components/ui/paged-table.tsx';
import { FilterBar, SearchInput, SelectFilter } from '../../../components/ui/filter-bar.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { StatusBadge, statusLabel } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatVnd } from '../../../lib/format.ts';
import { providers as t } from '../../../lib/messages/providers.ts';
import { useKeepPageInRange, useUrlState } from '../../../lib/url-state.ts';
import {
  PROVIDERS_PAGE_SIZE,
  PROVIDER_LIST_ALLOWED,
  PROVIDER_LIST_DEFAULTS,
  useProvidersList,
  type ProviderListFilters,
  type ProviderListRow,
} from '../api/list-providers.ts';
import { PROVIDER_FILTER_STATUSES } from '../api/profile-rules.ts';

const columns: DataTableColumn<ProviderListRow>[] = [
  {
    key: 'name',
    header: t.list.columns.name,
    cell: (row) => (
      <Link to={`/admin/providers/${row.id}`} className="font-medium text-teal-800 hover:underline">
        {row.name}
      </Link>
    ),
  },
  { key: 'phone', header: t.list.columns.phone, cell: (row) => row.phone ?? '—' },
  { key: 'email', header: t.list.columns.email, cell: (row) => row.email ?? '—' },
  { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="provider" status={row.status} /> },
  { key: 'deposit', header: t.list.columns.deposit, align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (row) => formatVnd(row.deposit) },
  {
    key: 'earnings',
    header: t.list.columns.totalEarnings,
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (row) => formatVnd(row.total_earnings),
  },
  { key: 'created', header: t.list.columns.createdAt, className: 'whitespace-nowrap', cell: (row) => formatDate(row.created_at) },
];

const statusFilterOptions = PROVIDER_FILTER_STATUSES.map((status) => ({ value: status, label: statusLabel('provider', status) }));

export default function ProvidersListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<ProviderListFilters>(PROVIDER_LIST_DEFAULTS, { allowed: PROVIDER_LIST_ALLOWED });
  const list = useProvidersList(filters);
  const filtered = filters.q !== '' || filters.status !== '';
  useKeepPageInRange(setFilters, {
    page: filters.page,
    settled: list.data !== undefined && !list.isFetching,
    empty: list.data?.rows.length === 0,
    lastPage: 1,
  });

  return (
    <div>
      <PageHeader title={t.list.title} description={t.list.description} />
      <FilterBar
        {...(filtered ? { onClear: resetFilters } : {})}
        actions={
          <RefreshButton
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading}
          />
        }
      >
        <SearchInput
          label={t.list.searchLabel}
          placeholder={t.list.searchPlaceholder}
          value={filters.q}
          onChange={(q) => setFilters({ q }, { replace: true })}
        />
        <SelectFilter
          label={t.list.statusLabel}
          value={filters.status}
          allLabel={t.list.allStatuses}
          options={statusFilterOptions}
          onChange={(status) => setFilters({ status })}
        />
      </FilterBar>
      <PagedTable
        caption={t.list.title}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        errorTitle={t.list.loadFailed}
        emptyTitle={t.list.empty}
        query={list}
        page={filters.page}
        pageSize={PROVIDERS_PAGE_SIZE}
        total={list.data?.total}
        onPageChange={(page) => setFilters({ page })}
      />
    </div>
  );
}
