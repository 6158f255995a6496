// /admin/customers — customers newest first, filtered on the server by name-or-email text and
// status (inactive is shown as "Tạm dừng"), 50 a page; filters and page in the URL.
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { PagedTable } from '../../../components/ui/paged-table.tsx';
import { FilterBar, SearchInput, SelectFilter } from '../../../components/ui/filter-bar.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { StatusBadge, statusOptions } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { customers as t } from '../../../lib/messages/customers.ts';
import { useKeepPageInRange, useUrlState } from '../../../lib/url-state.ts';
import {
  CUSTOMERS_PAGE_SIZE,
  CUSTOMER_LIST_ALLOWED,
  CUSTOMER_LIST_DEFAULTS,
  useCustomersList,
  type CustomerListFilters,
  type CustomerListRow,
} from '../api/list-customers.ts';

const columns: DataTableColumn<CustomerListRow>[] = [
  {
    key: 'name',
    header: t.list.columns.name,
    cell: (row) => (
      <Link to={`/admin/customers/${row.id}`} className="font-medium text-teal-800 hover:underline">
        {row.name}
      </Link>
    ),
  },
  { key: 'phone', header: t.list.columns.phone, cell: (row) => row.phone ?? '—' },
  { key: 'email', header: t.list.columns.email, cell: (row) => row.email ?? '—' },
  { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="customer" status={row.status} /> },
  {
    key: 'bookings',
    header: t.list.columns.totalBookings,
    align: 'right',
    className: 'tabular-nums',
    cell: (row) => formatNumber(row.total_bookings),
  },
  { key: 'created', header: t.list.columns.createdAt, className: 'whitespace-nowrap', cell: (row) => formatDate(row.created_at) },
];

export default function CustomersListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<CustomerListFilters>(CUSTOMER_LIST_DEFAULTS, { allowed: CUSTOMER_LIST_ALLOWED });
  const list = useCustomersList(filters);
  const filtered = filters.q !== '' || filters.status !== '';
  // The total is estimated on large tables: a page past the end goes back to the first page.
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
          options={statusOptions('customer')}
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
        pageSize={CUSTOMERS_PAGE_SIZE}
        total={list.data?.total}
        approximate={list.data !== undefined && !list.data.totalExact}
        onPageChange={(page) => setFilters({ page })}
      />
    </div>
  );
}
