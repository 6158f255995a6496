// One bar a day (the last 30 days), stacked by series: an inline SVG (no chart library) with a
// tooltip per day (<title>), an optional legend, and the same figures as a table for screen
// readers and for anyone who prefers numbers. The dashboard's bookings and revenue charts are
// two configurations of it (day-charts.ts).
import { useId, type ReactNode } from 'react';
import { dashboard as t } from '@/lib/messages/dashboard.ts';
import { longDay, niceAxis, shortDay } from './chart-scale.ts';

export interface DaySeries<D> {
  key: string;
  label: string;
  color: string;
  value: (day: D) => number;
}

export interface DayBarChartProps<D extends { day: string }> {
  title: string;
  description: string;
  days: readonly D[];
  /** Stacked bottom to top in this order. */
  series: readonly DaySeries<D>[];
  /** Shown as a legend (for more than one series). */
  legend?: boolean;
  /** Width of the value axis labels. */
  axisWidth: number;
  axisLabel: (tick: number) => string;
  /** Tooltip of a day's bar. */
  barTitle: (day: D) => string;
  /** Extra columns of the table after the series (e.g. the total). */
  extraColumns?: readonly { header: string; cell: (day: D) => ReactNode }[];
  /** Formats a series' value in the table. */
  formatValue?: (value: number) => string;
  barTestId: string;
}

const WIDTH = 720;
const HEIGHT = 260;
const TICK_TEXT = { fontSize: '11', fill: '#475569' } as const;

export function DayBarChart<D extends { day: string }>({
  title,
  description,
  days,
  series,
  legend = false,
  axisWidth,
  axisLabel,
  barTitle,
  extraColumns = [],
  formatValue = String,
  barTestId,
}: DayBarChartProps<D>) {
  const titleId = useId();
  const descId = useId();
  const margin = { top: 12, right: 8, bottom: 30, left: axisWidth };
  const plotWidth = WIDTH - margin.left - margin.right;
  const plotHeight = HEIGHT - margin.top - margin.bottom;
  const totalOf = (day: D) => series.reduce((sum, s) => sum + Math.max(0, s.value(day)), 0);
  const maxTotal = Math.max(0, ...days.map(totalOf));
  const axis = niceAxis(maxTotal);
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => margin.top + plotHeight - (value / axis.max) * plotHeight;

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p id={descId} className="mb-3 text-sm text-slate-600">
        {description}
      </p>
      {maxTotal === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t.charts.empty}</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId} aria-describedby={descId}>
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line x1={margin.left} x2={WIDTH - margin.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
              <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" {...TICK_TEXT}>
                {axisLabel(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x = margin.left + index * slot + (slot - barWidth) / 2;
            let base = 0;
            return (
              <g key={day.day} data-testid={barTestId}>
                <title>{barTitle(day)}</title>
                {series.map((s) => {
                  const value = s.value(day);
                  if (value <= 0) return null;
                  const top = y(base + value);
                  const height = y(base) - top;
                  base += value;
                  return <rect key={s.key} x={x} y={top} width={barWidth} height={Math.max(height, 0.5)} fill={s.color} />;
                })}
                {index % 5 === 0 || index === days.length - 1 ? (
                  <text x={x + barWidth / 2} y={HEIGHT - margin.bottom + 16} textAnchor="middle" {...TICK_TEXT}>
                    {shortDay(day.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line x1={margin.left} x2={WIDTH - margin.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
        </svg>
      )}
      {legend ? (
        <ul aria-label={t.charts.legend} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {series.map((s) => (
            <li key={s.key} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-teal-800 hover:underline">{t.charts.tableSummary}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="min-w-full text-xs">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="px-2 py-1">
                  {t.charts.day}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-2 py-1 text-right">
                    {s.label}
                  </th>
                ))}
                {extraColumns.map((column) => (
                  <th key={column.header} scope="col" className="px-2 py-1 text-right">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {longDay(day.day)}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="px-2 py-1 text-right tabular-nums">
                      {formatValue(s.value(day))}
                    </td>
                  ))}
                  {extraColumns.map((column) => (
                    <td key={column.header} className="px-2 py-1 text-right font-medium tabular-nums">
                      {column.cell(day)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
