import { describe, expect, it } from 'vitest';
import { BOOKING_LIST_DEFAULTS, bookingsOffsetWindow, exportChunkArgs, filterArgs } from './booking-filters.ts';

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

describe('bookingsOffsetWindow: the pages a number opens', () => {
  const now = new Date('2026-11-20T05:00:00Z');
  const window = (filters: Partial<typeof BOOKING_LIST_DEFAULTS>, sort = '') => bookingsOffsetWindow(filterArgs({ ...BOOKING_LIST_DEFAULTS, ...filters }, now), sort);

  it('every page of the default order, with a status or a period', () => {
    expect(window({})).toBe(Infinity);
    expect(window({ status: 'completed', time: '7d' }, 'created_at.desc')).toBe(Infinity);
  });

  it('500 rows with typed text, whatever the order', () => {
    expect(window({ customer: 'nguyen' })).toBe(500);
    expect(window({ service: 'dọn' }, 'final_price.desc')).toBe(500);
  });

  it('500 rows with a period in another order; blank text and "all" time are no filter', () => {
    expect(window({ time: '7d' }, 'final_price.asc')).toBe(500);
    expect(window({ time: 'today' }, 'customer_name.desc')).toBe(500);
    expect(window({ time: 'all', customer: '   ' }, 'final_price.asc')).toBe(2000);
  });

  it('2,000 rows with a provider, or oldest first', () => {
    expect(window({ provider: '8f8a3c1e-1b2d-4c3e-9f00-0a1b2c3d4e5f' })).toBe(2000);
    expect(window({ time: '30d' }, 'created_at.asc')).toBe(2000);
  });
});
