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
});
