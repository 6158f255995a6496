// Pure helpers of the dashboard charts: a "nice" axis (0 … 1/2/5×10ⁿ steps), day labels and
// compact numbers for axis ticks.
import { formatNumber, roundLikeIntl } from '@/lib/format.ts';

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

/** vi-VN's short scales, largest first: nghìn, triệu, tỷ, nghìn tỷ. */
const COMPACT_UNITS: readonly (readonly [number, string])[] = [
  [1e12, 'NT'],
  [1e9, 'T'],
  [1e6, 'Tr'],
  [1e3, 'N'],
];

/**
 * 1500000 → '1,5 Tr' (axis ticks): what Intl's vi-VN compact notation writes, at most one decimal,
 * without Intl (its first formatter costs tens of milliseconds, docs/architecture.md#admin-loading).
 */
export function compactNumber(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const [index, [size, unit]] of COMPACT_UNITS.entries()) {
    if (abs < size) continue;
    // 999 999 rounds to 1 000 N: written in the next scale up, 1 Tr.
    const bigger = COMPACT_UNITS[index - 1];
    if (bigger && roundLikeIntl(abs / size, 1) >= 1000) {
      return `${sign}${formatNumber(abs / bigger[0], 1)}\u00a0${bigger[1]}`;
    }
    return `${sign}${formatNumber(abs / size, 1)}\u00a0${unit}`;
  }
  return formatNumber(value, 1);
}
