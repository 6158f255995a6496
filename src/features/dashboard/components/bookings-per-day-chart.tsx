// Bookings created per day over the last 30 days, stacked by status, with a legend.
import { common } from '@/lib/messages/common.ts';
import { dashboard as t } from '@/lib/messages/dashboard.ts';
import type { BookingsPerDay } from '@/features/dashboard/api/dashboard-summary-query.ts';
import { longDay } from './chart-scale.ts';
import { DayBarChart, type DaySeries } from './day-bar-chart.tsx';

const SERIES: readonly DaySeries<BookingsPerDay>[] = (
  [
    ['completed', '#059669'],
    ['confirmed', '#0284c7'],
    ['pending_completion', '#7c3aed'],
    ['pending', '#d97706'],
    ['cancelled', '#dc2626'],
  ] as const
).map(([key, color]) => ({ key, color, label: common.statuses.booking[key], value: (day: BookingsPerDay) => day[key] }));

const TOTAL_COLUMN = [{ header: t.charts.total, cell: (day: BookingsPerDay) => day.total }] as const;

function barTitle(day: BookingsPerDay): string {
  const parts = SERIES.filter((s) => s.value(day) > 0)
    .map((s) => `${s.label} ${s.value(day)}`)
    .join(', ');
  return t.charts.bookingsBar(longDay(day.day), day.total, parts);
}

export function BookingsPerDayChart({ days }: { days: readonly BookingsPerDay[] }) {
  return (
    <DayBarChart
      title={t.charts.bookingsTitle}
      description={t.charts.bookingsDescription}
      days={days}
      series={SERIES}
      legend
      axisWidth={44}
      axisLabel={(tick) => tick.toLocaleString('vi-VN')}
      barTitle={barTitle}
      extraColumns={TOTAL_COLUMN}
      barTestId="bookings-bar"
    />
  );
}
