// /admin/bookings — every booking, newest first, 50 a page, filtered on the server by status,
// provider, package text, service text and time; filters and page live in the URL; CSV export of
// the filtered rows.
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { FilterBar, SearchInput, SelectFilter, TimeRangeFilter } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { pageCount } from '@/components/ui/pagination.tsx';
import { StatusBadge, statusOptions } from '@/components/ui/status-badge.tsx';
import { formatDateTime, formatVnd, isTimeRange } from '@/lib/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import { useKeepPageInRange, useUrlState } from '@/lib/url-state.ts';
import {
  BOOKING_LIST_ALLOWED,
  BOOKING_LIST_DEFAULTS,
  type BookingListFilters,
} from '@/features/bookings/api/booking-filters.ts';
import { useBookings, type BookingRow } from '@/features/bookings/api/bookings-query.ts';
import { ExportBookingsButton } from '@/features/bookings/components/export-bookings-button.tsx';
import { ProviderPicker } from '@/components/domain/provider-picker.tsx';
import { BookingLink } from '@/components/domain/booking-link.tsx';

const columns: DataTableColumn<BookingRow>[] = [
  {
    key: 'id',
    header: t.list.columns.id,
    cell: (row) => <BookingLink id={row.id} />,
  },
  { key: 'customer', header: t.list.columns.customer, cell: (row) => row.customer_name },
  {
    key: 'provider',
    header: t.list.columns.provider,
    cell: (row) => row.provider_name ?? <span className="text-slate-500">{t.list.noProvider}</span>,
  },
  { key: 'package', header: t.list.columns.package, cell: (row) => row.service_item_name ?? '—' },
  { key: 'service', header: t.list.columns.service, cell: (row) => row.service_name },
  {
    key: 'price',
    header: t.list.columns.finalPrice,
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (row) => formatVnd(row.final_price),
  },
  { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="booking" status={row.status} /> },
  {
    key: 'created',
    header: t.list.columns.createdAt,
    className: 'whitespace-nowrap',
    cell: (row) => formatDateTime(row.created_at),
  },
];

export default function BookingsListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<BookingListFilters>(BOOKING_LIST_DEFAULTS, {
    allowed: BOOKING_LIST_ALLOWED,
  });
  const list = useBookings(filters);
  const total = list.data?.total ?? 0;
  const estimated = list.data !== undefined && !list.data.totalExact;
  const filtered =
    filters.status !== '' || filters.provider !== '' || filters.pkg !== '' || filters.service !== '' || filters.time !== 'all';
  useKeepPageInRange(setFilters, {
    page: filters.page,
    settled: list.data !== undefined && !list.isFetching,
    empty: list.data?.rows.length === 0,
    lastPage: pageCount(total, PAGE_SIZE),
  });

  return (
    <div>
      <PageHeader
        title={t.list.title}
        description={t.list.description}
        actions={<ExportBookingsButton filters={filters} />}
      />
      <FilterBar
        {...(filtered ? { onClear: resetFilters } : {})}
        actions={
          <Button
            variant="secondary"
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading}
          >
            {t.list.refresh}
          </Button>
        }
      >
        <SelectFilter
          label={t.list.filters.status}
          value={filters.status}
          allLabel={t.list.filters.allStatuses}
          options={statusOptions('booking')}
          onChange={(status) => setFilters({ status })}
        />
        <ProviderPicker value={filters.provider} onChange={(provider) => setFilters({ provider })} />
        <SearchInput
          label={t.list.filters.package}
          placeholder={t.list.filters.packagePlaceholder}
          value={filters.pkg}
          onChange={(pkg) => setFilters({ pkg }, { replace: true })}
        />
        <SearchInput
          label={t.list.filters.service}
          placeholder={t.list.filters.servicePlaceholder}
          value={filters.service}
          onChange={(service) => setFilters({ service }, { replace: true })}
        />
        <TimeRangeFilter
          label={t.list.filters.time}
          value={isTimeRange(filters.time) ? filters.time : 'all'}
          onChange={(time) => setFilters({ time })}
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
        pageSize={PAGE_SIZE}
        total={list.data ? total : undefined}
        approximate={estimated}
        onPageChange={(page) => setFilters({ page })}
      />
    </div>
  );
}
