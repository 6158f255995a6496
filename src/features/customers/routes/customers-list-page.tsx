// /admin/customers — customers newest first, filtered on the server by name-or-email text and
// status (inactive is shown as "Tạm dừng"), sortable by name, bookings and date, 50 a page; filters,
// sort and page in the URL; the searched text is marked in names and e-mails.
import { Link } from 'react-router-dom';
import { ProfilesList } from '@/components/domain/profiles-list.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { StatusBadge, statusOptions } from '@/components/ui/status-badge.tsx';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import {
  CUSTOMER_LIST_ALLOWED,
  CUSTOMER_LIST_DEFAULT_SORT,
  CUSTOMER_LIST_DEFAULTS,
  type CustomerListFilters,
} from '@/features/customers/api/customer-filters.ts';
import { useCustomers, type CustomerListRow } from '@/features/customers/api/customers-query.ts';

const columns = (search: string): DataTableColumn<CustomerListRow>[] => [
  {
    key: 'name',
    header: t.list.columns.name,
    sortKey: 'name',
    cell: (row) => (
      <Link to={`/admin/customers/${row.id}`} className="font-medium text-teal-800 hover:underline">
        <Highlight text={row.name} term={search} />
      </Link>
    ),
  },
  { key: 'phone', header: t.list.columns.phone, className: 'whitespace-nowrap', cell: (row) => row.phone ?? '—' },
  { key: 'email', header: t.list.columns.email, cell: (row) => (row.email ? <Highlight text={row.email} term={search} /> : '—') },
  { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="customer" status={row.status} /> },
  {
    key: 'bookings',
    header: t.list.columns.totalBookings,
    align: 'right',
    className: 'tabular-nums',
    sortKey: 'total_bookings',
    cell: (row) => formatNumber(row.total_bookings),
  },
  { key: 'created', header: t.list.columns.createdAt, className: 'whitespace-nowrap', sortKey: 'created_at', cell: (row) => formatDate(row.created_at) },
];

export default function CustomersListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<CustomerListFilters>(CUSTOMER_LIST_DEFAULTS, { allowed: CUSTOMER_LIST_ALLOWED });
  const list = useCustomers(filters);
  return (
    <ProfilesList
      texts={t.list}
      columns={columns(filters.q)}
      defaultSort={CUSTOMER_LIST_DEFAULT_SORT}
      statusOptions={statusOptions('customer')}
      filters={filters}
      setFilters={setFilters}
      resetFilters={resetFilters}
      list={list}
      pageSize={PAGE_SIZE}
    />
  );
}
