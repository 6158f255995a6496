// /admin/bookings — every booking, newest first or sorted by a header, 50 a page, filtered on the
// server by status, provider, package / service / customer text (accents ignored, marked in the
// rows) and time; filters, sort and page live in the URL; CSV export of the filtered rows in the
// shown order. Rows can be selected for a bulk status change with the summed money preview
// (docs/screens.md#bulk-actions).
import { RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyBulkBar, useRowSelection } from '@/components/ui/row-selection.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { ListTable, useListPaging } from '@/components/ui/paged-table.tsx';
import { FilterBar, SearchInput, SelectFilter, TimeRangeFilter } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { StatusBadge, statusOptions } from '@/components/ui/status-badge.tsx';
import { formatDateTime, formatVnd, isTimeRange, shortBookingId } from '@/lib/format/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import {
  BOOKING_LIST_ALLOWED,
  BOOKING_LIST_DEFAULT_SORT,
  BOOKING_LIST_DEFAULTS,
  bookingsOffsetWindow,
  filterArgs,
  type BookingListFilters,
} from '@/features/bookings/api/booking-filters.ts';
import { useBookings, type BookingRow } from '@/features/bookings/api/bookings-query.ts';
import { ExportBookingsButton } from '@/features/bookings/components/export-bookings-button.tsx';
import { ProviderPicker } from '@/components/domain/provider-picker.tsx';
import { BookingLink } from '@/components/domain/booking-link.tsx';

/** The searched texts, marked in their columns. */
interface BookingSearch {
  pkg: string;
  service: string;
  customer: string;
}

function bookingColumns(search: BookingSearch): DataTableColumn<BookingRow>[] {
  return [
    { key: 'id', header: t.list.columns.id, cell: (row) => <BookingLink id={row.id} /> },
    {
      key: 'customer',
      header: t.list.columns.customer,
      sortKey: 'customer_name',
      cell: (row) => <Highlight text={row.customer_name} term={search.customer} />,
    },
    {
      key: 'provider',
      header: t.list.columns.provider,
      cell: (row) => row.provider_name ?? <span className="text-slate-500">{t.list.noProvider}</span>,
    },
    { key: 'package', header: t.list.columns.package, cell: (row) => (row.service_item_name ? <Highlight text={row.service_item_name} term={search.pkg} /> : '—') },
    { key: 'service', header: t.list.columns.service, cell: (row) => <Highlight text={row.service_name} term={search.service} /> },
    {
      key: 'price',
      header: t.list.columns.finalPrice,
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      sortKey: 'final_price',
      cell: (row) => formatVnd(row.final_price),
    },
    { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="booking" status={row.status} /> },
    {
      key: 'created',
      header: t.list.columns.createdAt,
      className: 'whitespace-nowrap',
      sortKey: 'created_at',
      cell: (row) => formatDateTime(row.created_at),
    },
  ];
}

// The bulk action bar (the status change, its preview reads and its dialog) arrives when rows are first selected.
const BookingBulkActions = lazyBulkBar(() =>
  import('@/features/bookings/components/booking-bulk-actions.tsx').then((module) => module.BookingBulkActions),
);

export default function BookingsListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<BookingListFilters>(BOOKING_LIST_DEFAULTS, {
    allowed: BOOKING_LIST_ALLOWED,
  });
  const list = useBookings(filters);
  useListPaging(list, filters.page, setFilters);
  const filtered =
    filters.status !== '' ||
    filters.provider !== '' ||
    filters.pkg !== '' ||
    filters.service !== '' ||
    filters.customer !== '' ||
    filters.time !== 'all';
  const selection = useRowSelection({
    rows: list.data?.rows,
    rowKey: (row) => row.id,
    rowLabel: (row) => `#${shortBookingId(row.id)}`,
    resetKey: JSON.stringify(filters),
  });
  const columns = useMemo(
    () => bookingColumns({ pkg: filters.pkg, service: filters.service, customer: filters.customer }),
    [filters.pkg, filters.service, filters.customer],
  );

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
        <SearchInput
          label={t.list.filters.customer}
          placeholder={t.list.filters.customerPlaceholder}
          value={filters.customer}
          onChange={(customer) => setFilters({ customer }, { replace: true })}
        />
        <TimeRangeFilter
          label={t.list.filters.time}
          value={isTimeRange(filters.time) ? filters.time : 'all'}
          onChange={(time) => setFilters({ time })}
        />
      </FilterBar>
      {selection.rows.length > 0 ? <BookingBulkActions selection={selection} /> : null}
      <ListTable
        list={list}
        texts={{ title: t.list.title, loadFailed: t.list.loadFailed, noMatch: t.list.empty, empty: t.list.empty }}
        filtered={filtered}
        columns={[selection.column, ...columns]}
        sort={filters.sort}
        defaultSort={BOOKING_LIST_DEFAULT_SORT}
        onSortChange={(sort) => setFilters({ sort })}
        page={filters.page}
        onNavigate={setFilters}
        offsetWindow={bookingsOffsetWindow(filterArgs(filters), filters.sort)}
      />
    </div>
  );
}
