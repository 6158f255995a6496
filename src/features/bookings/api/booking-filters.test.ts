import { describe, expect, it } from 'vitest';
import { BOOKING_LIST_DEFAULTS, exportChunkArgs, filterArgs } from './booking-filters.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // 17:00 in Vietnam
const PROVIDER = '7B0C1E2D-3F40-4A5B-8C6D-7E8F90A1B2C3';

describe('filterArgs', () => {
  it('sends nothing for the default (unfiltered) list', () => {
    expect(filterArgs(BOOKING_LIST_DEFAULTS, NOW)).toEqual({});
  });

  it('maps every filter to its RPC argument, trimming texts and lower-casing the provider id', () => {
    expect(
      filterArgs({ status: 'completed', provider: PROVIDER, pkg: '  Gói 3 giờ ', service: ' Dọn dẹp ', customer: ' nguyen ', time: '7d' }, NOW),
    ).toEqual({
      p_status: 'completed',
      p_provider_id: PROVIDER.toLowerCase(),
      p_package: 'Gói 3 giờ',
      p_service: 'Dọn dẹp',
      p_customer: 'nguyen',
      p_since: '2026-11-15T10:00:00.000Z',
    });
  });

  it('reads "today" as since midnight in Vietnam', () => {
    expect(filterArgs({ ...BOOKING_LIST_DEFAULTS, time: 'today' }, NOW).p_since).toBe('2026-11-21T17:00:00.000Z');
  });

  it('ignores values that are not filters (bad status, malformed provider, blank texts, unknown time)', () => {
    expect(filterArgs({ status: 'done', provider: 'abc', pkg: '   ', service: '', customer: ' ', time: '365d' }, NOW)).toEqual({});
  });
});

describe('exportChunkArgs', () => {
  it('starts without a cursor and continues after the last row in the shown sort', () => {
    expect(exportChunkArgs({ ...BOOKING_LIST_DEFAULTS, service: 'x' }, '', 1000, null, NOW)).toEqual({
      p_service: 'x',
      p_limit: 1000,
    });
    expect(exportChunkArgs(BOOKING_LIST_DEFAULTS, 'final_price.asc', 1000, '[150000,"b1"]', NOW)).toEqual({
      p_sort: 'final_price.asc',
      p_limit: 1000,
      p_after: '[150000,"b1"]',
    });
  });
});

