// The dashboard's two charts, as configurations of DayBarChart (docs/screens.md#dashboard):
// bookings created per day over the last 30 days, stacked by status, with a legend and the total;
// revenue (final price of bookings completed that day) over the same days.
import { formatNumber, formatVnd } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { dashboard as t } from '@/lib/messages/dashboard.ts';
import type { BookingsPerDay, RevenuePerDay } from '@/features/dashboard/api/dashboard-summary-query.ts';
import { compactNumber, longDay } from './chart-scale.ts';
import type { DayBarChartProps, DaySeries } from './day-bar-chart.tsx';

/** A chart but its days. */
export type DayChart<D extends { day: string }> = Omit<DayBarChartProps<D>, 'days'>;

const BOOKING_SERIES: readonly DaySeries<BookingsPerDay>[] = (
  [
    ['completed', '#059669'],
    ['confirmed', '#0284c7'],
    ['pending_completion', '#7c3aed'],
    ['pending', '#d97706'],
    ['cancelled', '#dc2626'],
  ] as const
).map(([key, color]) => ({ key, color, label: common.statuses.booking[key], value: (day: BookingsPerDay) => day[key] }));

export const bookingsChart: DayChart<BookingsPerDay> = {
  title: t.charts.bookingsTitle,
  description: t.charts.bookingsDescription,
  series: BOOKING_SERIES,
  legend: true,
  axisWidth: 44,
  axisLabel: (tick) => formatNumber(tick),
  barTitle: (day) => {
    const parts = BOOKING_SERIES.filter((s) => s.value(day) > 0)
      .map((s) => `${s.label} ${s.value(day)}`)
      .join(', ');
    return t.charts.bookingsBar(longDay(day.day), day.total, parts);
  },
  extraColumns: [{ header: t.charts.total, cell: (day) => day.total }],
  barTestId: 'bookings-bar',
};

export const revenueChart: DayChart<RevenuePerDay> = {
  title: t.charts.revenueTitle,
  description: t.charts.revenueDescription,
  series: [{ key: 'revenue', label: t.charts.revenue, color: '#0f766e', value: (day) => day.revenue }],
  axisWidth: 56,
  axisLabel: compactNumber,
  barTitle: (day) => t.charts.revenueBar(longDay(day.day), formatVnd(day.revenue)),
  formatValue: formatVnd,
  barTestId: 'revenue-bar',
};
