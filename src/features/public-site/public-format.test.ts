import { describe, expect, it } from 'vitest';
import { formatLongDate, formatVnd } from '@/lib/format.ts';
import { formatDay, formatPrice } from './public-format.ts';

describe('formatPrice', () => {
  it('writes every price as formatVnd does, to the character', () => {
    const prices = [0, 5, 50, 999, 1000, 1999.6, 50000, 160000, 350000, 1234567, 99999999, 1e12, -50000];
    for (let value = 7; value < 5e9; value = Math.round(value * 3.7 + 11)) prices.push(value);
    for (const price of prices) expect(formatPrice(price), String(price)).toBe(formatVnd(price));
  });

  it('separates thousands with dots and puts a no-break space before ₫', () => {
    expect(formatPrice(160000)).toBe('160.000\u00a0₫');
  });
});

describe('formatDay', () => {
  it('writes every day as formatLongDate does, in Vietnam time', () => {
    // Every 7 hours 13 minutes for six years: all days, months, years and both sides of midnight in Vietnam.
    for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2029, 0, 1); time += (7 * 60 + 13) * 60 * 1000) {
      const date = new Date(time);
      expect(formatDay(date), date.toISOString()).toBe(formatLongDate(date));
    }
  });

  it('turns the day at midnight in Vietnam (17:00 UTC)', () => {
    expect(formatDay(new Date('2024-12-31T16:59:59Z'))).toBe('31 tháng 12, 2024');
    expect(formatDay(new Date('2024-12-31T17:00:00Z'))).toBe('1 tháng 1, 2025');
  });
});
