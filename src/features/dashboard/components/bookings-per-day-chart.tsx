// Bookings created per day over the last 30 days, stacked by status: an inline SVG (no chart
// library) with a legend, a tooltip per day (<title>) and the same figures as a table for screen
// readers and for anyone who prefers numbers.
import { useId } from 'react';
import { dashboard as t } from '../../../lib/messages/dashboard.ts';
import { common } from '../../../lib/messages/common.ts';
import type { BookingsPerDay } from '../api/dashboard-summary.ts';
import { longDay, niceAxis, shortDay } from './chart-scale.ts';

const SERIES = [
  { key: 'completed', color: '#059669' },
  { key: 'confirmed', color: '#0284c7' },
  { key: 'pending_completion', color: '#7c3aed' },
  { key: 'pending', color: '#d97706' },
  { key: 'cancelled', color: '#dc2626' },
] as const;

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 30, left: 44 };

export function BookingsPerDayChart({ days }: { days: readonly BookingsPerDay[] }) {
  const titleId = useId();
  const descId = useId();
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maxTotal = Math.max(0, ...days.map((d) => d.total));
  const axis = niceAxis(maxTotal);
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => MARGIN.top + plotHeight - (value / axis.max) * plotHeight;

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t.charts.bookingsTitle}
      </h2>
      <p id={descId} className="mb-3 text-sm text-slate-600">
        {t.charts.bookingsDescription}
      </p>
      {maxTotal === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t.charts.empty}</p>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11" fill="#475569">
                {tick.toLocaleString('vi-VN')}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
            let base = 0;
            const parts = SERIES.filter((s) => day[s.key] > 0)
              .map((s) => `${common.statuses.booking[s.key]} ${day[s.key]}`)
              .join(', ');
            return (
              <g key={day.day} data-testid="bookings-bar">
                <title>{t.charts.bookingsBar(longDay(day.day), day.total, parts)}</title>
                {SERIES.map((s) => {
                  const value = day[s.key];
                  if (value <= 0) return null;
                  const top = y(base + value);
                  const height = y(base) - top;
                  base += value;
                  return <rect key={s.key} x={x} y={top} width={barWidth} height={Math.max(height, 0.5)} fill={s.color} />;
                })}
                {index % 5 === 0 || index === days.length - 1 ? (
                  <text x={x + barWidth / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize="11" fill="#475569">
                    {shortDay(day.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
        </svg>
      )}
      <ul aria-label={t.charts.legend} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {SERIES.map((s) => (
          <li key={s.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.color }} />
            {common.statuses.booking[s.key]}
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-teal-800 hover:underline">{t.charts.tableSummary}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="min-w-full text-xs">
            <caption className="sr-only">{t.charts.bookingsTitle}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="px-2 py-1">{t.charts.day}</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="px-2 py-1 text-right">
                    {common.statuses.booking[s.key]}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1 text-right">{t.charts.total}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{longDay(day.day)}</th>
                  {SERIES.map((s) => (
                    <td key={s.key} className="px-2 py-1 text-right tabular-nums">{day[s.key]}</td>
                  ))}
                  <td className="px-2 py-1 text-right font-medium tabular-nums">{day.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
