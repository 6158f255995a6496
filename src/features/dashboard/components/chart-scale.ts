// Pure helpers of the dashboard charts: a "nice" axis (0 … 1/2/5×10ⁿ steps), day labels and
// compact numbers for axis ticks.
import { formatCompactNumber } from '@/lib/format/format.ts';

export interface Axis {
  max: number;
  ticks: number[];
}

/** Axis from 0 to a round number ≥ max with about `target` steps of 1, 2 or 5 × 10ⁿ. */
export function niceAxis(max: number, target = 4): Axis {
  if (!Number.isFinite(max) || max <= 0) return { max: 1, ticks: [0, 1] };
  const rough = max / target;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return { max: top, ticks };
}

/** '2026-11-05' → '05/11'. */
export function shortDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}` : day;
}

/** '2026-11-05' → '05/11/2026'. */
export function longDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** 1500000 → '1,5 Tr' (axis ticks): Intl's vi-VN compact notation, at most one decimal. */
export function compactNumber(value: number): string {
  return formatCompactNumber(value);
}
