// Revenue (final price of bookings completed that day) over the last 30 days.
import { formatVnd } from '@/lib/format.ts';
import { dashboard as t } from '@/lib/messages/dashboard.ts';
import type { RevenuePerDay } from '@/features/dashboard/api/dashboard-summary-query.ts';
import { compactNumber, longDay } from './chart-scale.ts';
import { DayBarChart, type DaySeries } from './day-bar-chart.tsx';

const SERIES: readonly DaySeries<RevenuePerDay>[] = [
  { key: 'revenue', label: t.charts.revenue, color: '#0f766e', value: (day) => day.revenue },
];

export function RevenuePerDayChart({ days }: { days: readonly RevenuePerDay[] }) {
  return (
    <DayBarChart
      title={t.charts.revenueTitle}
      description={t.charts.revenueDescription}
      days={days}
      series={SERIES}
      axisWidth={56}
      axisLabel={compactNumber}
      barTitle={(day) => t.charts.revenueBar(longDay(day.day), formatVnd(day.revenue))}
      formatValue={formatVnd}
      barTestId="revenue-bar"
    />
  );
}
