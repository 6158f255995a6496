// "10 booking gần nhất" of the dashboard, a customer or a provider: a section with its heading and
// a table whose booking codes link to the booking's detail. The customer column is left out where
// every row is the same customer.
import { useId } from 'react';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatDateTime, formatVnd } from '@/lib/format/format.ts';
import { bookings as bt } from '@/lib/messages/bookings.ts';
import { BookingLink } from './booking-link.tsx';

export interface RecentBookingRow {
  id: string;
  created_at: string;
  status: string;
  customer_name?: string;
  service_name: string;
  service_item_name: string | null;
  final_price: number;
}

const ALL_COLUMNS: DataTableColumn<RecentBookingRow>[] = [
  {
    key: 'id',
    header: bt.list.columns.id,
    cell: (row) => <BookingLink id={row.id} />,
  },
  { key: 'customer', header: bt.list.columns.customer, cell: (row) => row.customer_name ?? '—' },
  { key: 'package', header: bt.list.columns.package, cell: (row) => row.service_item_name ?? '—' },
  { key: 'service', header: bt.list.columns.service, cell: (row) => row.service_name },
  { key: 'price', header: bt.list.columns.finalPrice, align: 'right', cell: (row) => formatVnd(row.final_price) },
  { key: 'status', header: bt.list.columns.status, cell: (row) => <StatusBadge entity="booking" status={row.status} /> },
  { key: 'created', header: bt.list.columns.createdAt, cell: (row) => formatDateTime(row.created_at) },
];
const WITHOUT_CUSTOMER = ALL_COLUMNS.filter((column) => column.key !== 'customer');

export interface RecentBookingsProps {
  title: string;
  query: { data?: readonly RecentBookingRow[] | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  emptyTitle: string;
  errorTitle?: string;
  showCustomer?: boolean;
  /** The dashboard's heading is a size larger than a card's. */
  headingClassName?: string;
}

export function RecentBookings({ title, query, emptyTitle, errorTitle, showCustomer = true, headingClassName = 'text-base' }: RecentBookingsProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className={`${headingClassName} font-semibold text-slate-900`}>
        {title}
      </h2>
      <DataTable
        caption={title}
        columns={showCustomer ? ALL_COLUMNS : WITHOUT_CUSTOMER}
        rows={query.data}
        rowKey={(row) => row.id}
        isLoading={query.isPending}
        error={query.error ?? undefined}
        {...(errorTitle ? { errorTitle } : {})}
        onRetry={() => void query.refetch()}
        emptyTitle={emptyTitle}
        rowNumberOffset={0}
      />
    </section>
  );
}
