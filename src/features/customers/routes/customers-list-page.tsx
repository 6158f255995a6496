// /admin/customers — customers newest first, filtered on the server by name-or-email text and
// status (inactive is shown as "Tạm dừng"), sortable by name, bookings and date, 50 a page; filters,
// sort and page in the URL; the searched text is marked in names and e-mails.
import { ProfilesList } from '@/components/domain/profiles-list.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { statusOptions } from '@/components/ui/status-badge.tsx';
import { formatNumber } from '@/lib/format/format.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { CUSTOMER_LIST_ALLOWED } from '@/features/customers/api/customer-filters.ts';
import { customersQueryOptions, type CustomerListRow } from '@/features/customers/api/customers-query.ts';

const FIGURES: DataTableColumn<CustomerListRow>[] = [
  {
    key: 'bookings',
    header: t.list.columns.totalBookings,
    align: 'right',
    className: 'tabular-nums',
    sortKey: 'total_bookings',
    cell: (row) => formatNumber(row.total_bookings),
  },
];

export default function CustomersListPage() {
  return (
    <ProfilesList
      texts={t.list}
      entity="customer"
      detailPath="/admin/customers"
      figures={FIGURES}
      statusOptions={statusOptions('customer')}
      allowed={CUSTOMER_LIST_ALLOWED}
      query={customersQueryOptions}
    />
  );
}
