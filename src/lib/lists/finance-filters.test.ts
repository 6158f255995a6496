import { describe, expect, it } from 'vitest';
import { invalidPeriodDays, reversedPeriod, toProviderPeriodArgs, vietnamPeriodArgs } from './finance-filters.ts';

const NONE = { search: '', providerId: '', from: '', to: '' };

describe('a period of Vietnam days from the URL', () => {
  it('names each side that is set but is not a day that exists', () => {
    expect(invalidPeriodDays('2026-02-31', '2026-13-01')).toEqual(['2026-02-31', '2026-13-01']);
    expect(invalidPeriodDays('2026-02-29', '')).toEqual(['2026-02-29']);
    expect(invalidPeriodDays('', 'hôm qua')).toEqual(['hôm qua']);
    expect(invalidPeriodDays('2028-02-29', '2026-03-01')).toEqual([]);
    expect(invalidPeriodDays('', '')).toEqual([]);
  });

  it('leaves an impossible side out of the arguments instead of rolling it into the next month', () => {
    // 2026-02-31 was read as 3 March before.
    expect(vietnamPeriodArgs('2026-02-31', '2026-03-05')).toEqual({ p_to: '2026-03-05T17:00:00.000Z' });
    expect(vietnamPeriodArgs('2026-02-01', '2026-02-29')).toEqual({ p_from: '2026-01-31T17:00:00.000Z' });
    expect(vietnamPeriodArgs('2026-13-01', '2026-02-31')).toEqual({});
    expect(vietnamPeriodArgs('2028-02-29', '2028-02-29')).toEqual({ p_from: '2028-02-28T17:00:00.000Z', p_to: '2028-02-29T17:00:00.000Z' });
  });

  it('the finance lists\' arguments drop it the same way', () => {
    expect(toProviderPeriodArgs({ ...NONE, from: '2026-02-31', to: '' })).toEqual({});
    expect(toProviderPeriodArgs({ ...NONE, from: '2026-02-28', to: '2026-02-31' })).toEqual({ p_from: '2026-02-27T17:00:00.000Z' });
  });

  it('refuses a period given backwards instead of filtering every row out', () => {
    expect(reversedPeriod('2026-03-10', '2026-03-01')).toBe(true);
    expect(reversedPeriod('2026-03-01', '2026-03-01')).toBe(false);
    expect(reversedPeriod('2026-03-10', '')).toBe(false);
    expect(reversedPeriod('2026-02-31', '2026-02-01')).toBe(false);
    expect(toProviderPeriodArgs({ ...NONE, from: '2026-03-10', to: '2026-03-01' })).toEqual({});
  });
});
