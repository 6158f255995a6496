// The 10 most recent bookings of a provider, each linking to its detail.
import { Link } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDateTime, formatVnd } from '../../../lib/format.ts';
import { bookings as bt } from '../../../lib/messages/bookings.ts';
import { providers as t } from '../../../lib/messages/providers.ts';
import { useProviderRecentBookings, type ProviderRecentBooking } from '../api/provider-stats.ts';

const columns: DataTableColumn<ProviderRecentBooking>[] = [
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

export function ProviderRecentBookings({ providerId }: { providerId: string }) {
  const recent = useProviderRecentBookings(providerId);
  return (
    <section aria-labelledby="provider-recent-title" className="space-y-3">
      <h2 id="provider-recent-title" className="text-base font-semibold text-slate-900">
        {t.detail.recent.title}
      </h2>
      <DataTable
        caption={t.detail.recent.title}
        columns={columns}
        rows={recent.data}
        rowKey={(row) => row.id}
        isLoading={recent.isLoading}
        error={recent.error ?? undefined}
        errorTitle={t.detail.recent.loadFailed}
        onRetry={() => void recent.refetch()}
        emptyTitle={t.detail.recent.empty}
        rowNumberOffset={0}
      />
    </section>
  );
}
