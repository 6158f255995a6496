// Revenue (final price of bookings completed that day) over the last 30 days as an inline SVG bar
// chart, with a tooltip per day and the figures as a table.
import { useId } from 'react';
import { formatVnd } from '../../../lib/format.ts';
import { dashboard as t } from '../../../lib/messages/dashboard.ts';
import type { RevenuePerDay } from '../api/dashboard-summary.ts';
import { compactNumber, longDay, niceAxis, shortDay } from './chart-scale.ts';

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 30, left: 56 };
const COLOR = '#0f766e';

export function RevenuePerDayChart({ days }: { days: readonly RevenuePerDay[] }) {
  const titleId = useId();
  const descId = useId();
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maxRevenue = Math.max(0, ...days.map((d) => d.revenue));
  const axis = niceAxis(maxRevenue);
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => MARGIN.top + plotHeight - (value / axis.max) * plotHeight;

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t.charts.revenueTitle}
      </h2>
      <p id={descId} className="mb-3 text-sm text-slate-600">
        {t.charts.revenueDescription}
      </p>
      {maxRevenue === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t.charts.empty}</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId} aria-describedby={descId}>
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11" fill="#475569">
                {compactNumber(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
            const top = y(day.revenue);
            return (
              <g key={day.day} data-testid="revenue-bar">
                <title>{t.charts.revenueBar(longDay(day.day), formatVnd(day.revenue))}</title>
                {day.revenue > 0 ? <rect x={x} y={top} width={barWidth} height={Math.max(y(0) - top, 0.5)} fill={COLOR} rx="1" /> : null}
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
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-teal-800 hover:underline">{t.charts.tableSummary}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="min-w-full text-xs">
            <caption className="sr-only">{t.charts.revenueTitle}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="px-2 py-1">{t.charts.day}</th>
                <th scope="col" className="px-2 py-1 text-right">{t.charts.revenue}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{longDay(day.day)}</th>
                  <td className="px-2 py-1 text-right tabular-nums">{formatVnd(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
