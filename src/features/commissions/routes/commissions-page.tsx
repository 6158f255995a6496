// /admin/manage-commissions: stat cards for the current filters, filters and sort in the URL, one
// page of 50 commissions read on the server, CSV export of every filtered row in the shown order.
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { SelectFilter } from '@/components/ui/filter-bar.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { BookingLink } from '@/components/domain/booking-link.tsx';
import { FinanceListPage } from '@/components/domain/finance-list.tsx';
import { formatDateTime, formatPercent, formatVnd } from '@/lib/format/format.ts';
import { commissions as t } from '@/lib/messages/commissions.ts';
import { listView } from '@/lib/lists/paging.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { COMMISSIONS_URL_DEFAULTS as DEFAULTS, COMMISSIONS_URL_OPTIONS as URL_OPTIONS, commissionFiltersOf } from '@/features/commissions/api/commissions-url.ts';
import type { CommissionFilters } from '@/features/commissions/api/commission-filters.ts';
import { commissionKeys } from '@/features/commissions/api/keys.ts';
import { useServiceOptions } from '@/features/commissions/api/service-options-query.ts';
import { useCommissionStats } from '@/features/commissions/api/commission-stats-query.ts';
import type { CommissionRow } from '@/features/commissions/api/commission-types.ts';
import { useCommissions } from '@/features/commissions/api/commissions-query.ts';

const DEFAULT_SORT = 'created_at.desc';
/** Money stays on one line; dates may break between the time and the day. */
const FIGURE = 'tabular-nums whitespace-nowrap';
const DATE = 'tabular-nums';

function commissionColumns(search: string): readonly DataTableColumn<CommissionRow>[] {
  return [
    { key: 'booking', header: t.columns.bookingId, cell: (row) => <BookingLink id={row.booking_id} /> },
    { key: 'provider', header: t.columns.provider, cell: (row) => <Highlight text={row.provider_name ?? t.unknown} term={search} /> },
    { key: 'service', header: t.columns.service, cell: (row) => <Highlight text={row.service_name ?? t.unknown} term={search} /> },
    { key: 'price', header: t.columns.servicePrice, align: 'right', className: FIGURE, sortKey: 'final_price', cell: (row) => formatVnd(row.service_price) },
    { key: 'rate', header: t.columns.rate, align: 'right', className: FIGURE, cell: (row) => formatPercent(row.commission_rate) },
    { key: 'provider_amount', header: t.columns.providerAmount, align: 'right', className: FIGURE, cell: (row) => formatVnd(row.provider_amount) },
    {
      key: 'platform_fee',
      header: t.columns.platformFee,
      align: 'right',
      className: FIGURE,
      sortKey: 'platform_fee',
      cell: (row) => <span className="font-medium text-teal-800">{formatVnd(row.platform_fee)}</span>,
    },
    { key: 'created', header: t.columns.createdAt, className: DATE, sortKey: 'created_at', cell: (row) => formatDateTime(row.created_at) },
    { key: 'completed', header: t.columns.completedAt, className: DATE, cell: (row) => formatDateTime(row.booking_completed_at) },
  ];
}

export default function CommissionsPage() {
  const [state, setState, reset] = useUrlState(DEFAULTS, URL_OPTIONS);
  const view = listView(state);
  const columns = useMemo(() => commissionColumns(state.q), [state.q]);
  const filters: CommissionFilters = useMemo(() => commissionFiltersOf(state), [state]);
  const stats = useCommissionStats(filters);
  const list = useCommissions(filters, view);
  const services = useServiceOptions();
  const anyFilter = Boolean(filters.search || filters.providerId || filters.serviceId || filters.from || filters.to);
  return (
    <FinanceListPage texts={t} state={state} setState={setState} reset={reset} list={list} columns={columns} filtered={anyFilter} defaultSort={DEFAULT_SORT}
      queryKey={commissionKeys.all}
      // The export's code arrives with the first click on "Xuất CSV" (docs/architecture.md#lazy-parts).
      exportCsv={async (onProgress) => (await import('@/features/commissions/api/commissions-export.ts')).exportCommissionsCsv(filters, state.sort, onProgress)}
      stats={stats}
      statsGrid="xl:grid-cols-4"
      cards={
        <>
          <StatCard
            label={t.stats.providerEarnings}
            value={stats.data ? formatVnd(stats.data.provider_amount) : '…'}
            hint={stats.data ? t.stats.count(stats.data.count) : undefined}
            tone="info"
          />
          <StatCard label={t.stats.serviceValue} value={stats.data ? formatVnd(stats.data.service_value) : '…'} />
          <StatCard label={t.stats.platformIncome} value={stats.data ? formatVnd(stats.data.platform_fee) : '…'} tone="success" />
          <StatCard label={t.stats.averageRate} value={stats.data ? formatPercent(stats.data.average_rate) : '…'} />
        </>
      }
      ownFilter={
        <SelectFilter
          label={t.filters.service}
          value={state.service}
          allLabel={t.filters.allServices}
          onChange={(service) => setState({ service })}
          options={(services.data ?? []).map((service) => ({ value: service.id, label: service.name }))}
        />
      }
    />
  );
}
