import { describe, expect, it } from 'vitest';
import { formatVnd } from '@/lib/format.ts';
import { formatPrice } from './format-price.ts';

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
