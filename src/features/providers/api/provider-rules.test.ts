import { describe, expect, it } from 'vitest';
import { readSavedAddresses } from './provider-rules.ts';
import { starBars } from './review-stats.ts';

describe('readSavedAddresses', () => {
  it('reads strings and objects in both spellings, skipping blanks', () => {
    expect(
      readSavedAddresses([
        '1 Lê Lợi',
        { address: '2 Trần Phú', label: 'Nhà', is_default: true },
        { address: '3 Hai Bà Trưng', label: ' ', isDefault: true },
        { address: '  ' },
        42,
      ]),
    ).toEqual([
      { address: '1 Lê Lợi', label: null, isDefault: false },
      { address: '2 Trần Phú', label: 'Nhà', isDefault: true },
      { address: '3 Hai Bà Trưng', label: null, isDefault: true },
    ]);
    expect(readSavedAddresses(null)).toEqual([]);
  });
});

describe('starBars', () => {
  it('lists 5 to 1 stars with rounded shares', () => {
    expect(starBars({ count: 3, average: 4, distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 2 } })).toEqual([
      { stars: 5, count: 2, percent: 67 },
      { stars: 4, count: 0, percent: 0 },
      { stars: 3, count: 1, percent: 33 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('is all zero without reviews', () => {
    expect(starBars({ count: 0, average: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } }).every((bar) => bar.percent === 0)).toBe(true);
  });
});
