// /admin — the dashboard: every card of docs/screens.md#dashboard from public.admin_dashboard() (one call), two
// charts (bookings per day stacked by status, revenue per day) and the 10 most recent bookings.
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RefreshButton } from '@/components/ui/refresh-button.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { QueryStates } from '@/components/ui/states.tsx';
import { formatNumber, formatVnd } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { dashboard as t } from '@/lib/messages/dashboard.ts';
import { useDashboardSummary, type DashboardSummary } from '@/features/dashboard/api/dashboard-summary-query.ts';
import { DayBarChart } from '@/features/dashboard/components/day-bar-chart.tsx';
import { bookingsChart, revenueChart } from '@/features/dashboard/components/day-charts.ts';
import { RecentBookingsTable } from '@/features/dashboard/components/recent-bookings-table.tsx';

const BOOKING_STATUS_ORDER = ['completed', 'confirmed', 'pending', 'pending_completion', 'cancelled'] as const;

function SummaryCards({ data }: { data: DashboardSummary }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t.cards.users}
        value={formatNumber(data.users.total)}
        hint={t.cards.usersSplit(formatNumber(data.users.customers), formatNumber(data.users.providers))}
        tone="info"
      />
      <StatCard label={t.cards.revenue} value={formatVnd(data.revenue)} hint={t.cards.revenueHint} tone="success" />
      <StatCard label={t.cards.platformIncome} value={formatVnd(data.platform_income)} hint={t.cards.platformIncomeHint} tone="success" />
      <StatCard
        label={t.cards.providerEarnings}
        value={formatVnd(data.provider_earnings)}
        hint={t.cards.providerEarningsHint}
        tone="default"
      />
      <StatCard
        label={t.cards.deposits}
        value={formatVnd(data.deposits.completed_amount + data.deposits.pending_amount)}
        hint={t.cards.depositsSplit(formatVnd(data.deposits.completed_amount), formatVnd(data.deposits.pending_amount))}
        tone="warning"
      />
      <StatCard label={t.cards.serviceItems} value={formatNumber(data.service_items)} hint={t.cards.serviceItemsHint} />
      <section className="rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-sm sm:col-span-2">
        <h2 className="text-sm font-medium text-slate-600">
          {t.cards.bookings}: <span className="text-slate-900 tabular-nums">{formatNumber(data.bookings.total)}</span>
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
          {BOOKING_STATUS_ORDER.map((status) => (
            <div key={status} className="rounded-md bg-slate-50 px-2 py-1.5">
              <dt className="text-xs text-slate-600">{common.statuses.booking[status]}</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={`bookings-${status}`}>
                {formatNumber(data.bookings[status])}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export default function DashboardPage() {
  const summary = useDashboardSummary();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <RefreshButton
            onClick={() => void summary.refetch()}
            loading={summary.isFetching && !summary.isLoading}
          />
        }
      />
      <QueryStates query={summary} loadFailed={t.loadFailed} retrying={summary.isFetching}>
        {(data) => (
          <>
            <SummaryCards data={data} />
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              <DayBarChart {...bookingsChart} days={data.bookings_per_day} />
              <DayBarChart {...revenueChart} days={data.revenue_per_day} />
            </div>
          </>
        )}
      </QueryStates>
      <RecentBookingsTable />
      <p className="text-sm">
        <Link to="/admin/bookings" className="text-teal-800 hover:underline">
          {t.recent.viewAll}
        </Link>
      </p>
    </div>
  );
}
