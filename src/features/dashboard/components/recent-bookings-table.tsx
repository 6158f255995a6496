// The 10 most recent bookings on the dashboard, each linking to its detail.
import { Link } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDateTime, formatVnd } from '../../../lib/format.ts';
import { bookings as bt } from '../../../lib/messages/bookings.ts';
import { dashboard as t } from '../../../lib/messages/dashboard.ts';
import { useRecentBookings, type RecentBooking } from '../api/recent-bookings.ts';

const columns: DataTableColumn<RecentBooking>[] = [
  {
    key: 'id',
    header: bt.list.columns.id,
    cell: (row) => (
      <Link to={`/admin/bookings/${row.id}`} className="font-mono text-teal-800 hover:underline">
        #{row.id.slice(-8).toUpperCase()}
      </Link>
    ),
  },
  { key: 'customer', header: bt.list.columns.customer, cell: (row) => row.customer_name },
  { key: 'package', header: bt.list.columns.package, cell: (row) => row.service_item_name ?? '—' },
  { key: 'service', header: bt.list.columns.service, cell: (row) => row.service_name },
  { key: 'price', header: bt.list.columns.finalPrice, align: 'right', cell: (row) => formatVnd(row.final_price) },
  { key: 'status', header: bt.list.columns.status, cell: (row) => <StatusBadge entity="booking" status={row.status} /> },
  { key: 'created', header: bt.list.columns.createdAt, cell: (row) => formatDateTime(row.created_at) },
];

export function RecentBookingsTable() {
  const recent = useRecentBookings();
  return (
    <section aria-labelledby="dashboard-recent-title" className="space-y-3">
      <h2 id="dashboard-recent-title" className="text-lg font-semibold text-slate-900">
        {t.recent.title}
      </h2>
      <DataTable
        caption={t.recent.title}
        columns={columns}
        rows={recent.data}
        rowKey={(row) => row.id}
        isLoading={recent.isLoading}
        error={recent.error ?? undefined}
        onRetry={() => void recent.refetch()}
        emptyTitle={t.recent.empty}
        rowNumberOffset={0}
      />
    </section>
  );
}
