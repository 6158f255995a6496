// /admin/customers — customers newest first, filtered on the server by name-or-email text and
// status (inactive is shown as "Tạm dừng"), 50 a page; filters and page in the URL.
import { Link } from 'react-router-dom';
import { ProfilesList } from '@/components/domain/profiles-list.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { StatusBadge, statusOptions } from '@/components/ui/status-badge.tsx';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import { CUSTOMER_LIST_ALLOWED, CUSTOMER_LIST_DEFAULTS, type CustomerListFilters } from '@/features/customers/api/customer-filters.ts';
import { useCustomers, type CustomerListRow } from '@/features/customers/api/customers-query.ts';

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
  const list = useCustomers(filters);
  return (
    <ProfilesList
      texts={t.list}
      columns={columns}
      statusOptions={statusOptions('customer')}
      filters={filters}
      setFilters={setFilters}
      resetFilters={resetFilters}
      list={list}
      pageSize={PAGE_SIZE}
    />
  );
}
