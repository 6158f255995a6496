import { describe, expect, it } from 'vitest';
import { compactNumber, longDay, niceAxis, shortDay } from './chart-scale.ts';

describe('niceAxis', () => {
  it('rounds the top up to a 1/2/5 step and lists the ticks from 0', () => {
    expect(niceAxis(37)).toEqual({ max: 40, ticks: [0, 10, 20, 30, 40] });
    expect(niceAxis(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceAxis(1_230_000)).toEqual({ max: 1_500_000, ticks: [0, 500_000, 1_000_000, 1_500_000] });
  });

  it('never returns a zero-height axis', () => {
    expect(niceAxis(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceAxis(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('keeps the maximum itself on the axis', () => {
    for (const max of [1, 3, 9, 11, 99, 101, 4567, 98765]) {
      const axis = niceAxis(max);
      expect(axis.max).toBeGreaterThanOrEqual(max);
      expect(axis.ticks.at(-1)).toBe(axis.max);
    }
  });
});

describe('day labels', () => {
  it('formats ISO days the Vietnamese way', () => {
    expect(shortDay('2026-11-05')).toBe('05/11');
    expect(longDay('2026-11-05')).toBe('05/11/2026');
  });
});

describe('compactNumber', () => {
  it('abbreviates millions in vi-VN', () => {
    expect(compactNumber(1_500_000)).toMatch(/^1,5\s?(Tr|tr)/);
    expect(compactNumber(0)).toBe('0');
  });

  it('writes what Intl\'s vi-VN compact notation writes: every axis tick and the scale boundaries', () => {
    const intl = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });
    const values = [0, 0.25, 0.5, 1.25, 5, 12.34, 950, 999, 999.5, 1000, 1500, 9999, 12345, 99950, 999949, 999999, 1e6, 1250000, 25e6, 999950000, 1e9, 1.5e9, 2.5e12, -1500];
    for (let power = 0; power <= 13; power++) for (const step of [1, 2, 2.5, 5, 7.5]) for (let k = 1; k <= 10; k++) values.push(step * k * 10 ** power);
    for (let value = 3; value < 5e13; value = Math.round(value * 2.9 + 7)) values.push(value);
    for (const value of values) expect(compactNumber(value), String(value)).toBe(intl.format(value));
  });
});
