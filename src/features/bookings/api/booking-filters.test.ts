import { describe, expect, it } from 'vitest';
import { BOOKING_LIST_DEFAULTS, exportChunkArgs, filterArgs, listPageArgs } from './booking-filters.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // 17:00 in Vietnam
const PROVIDER = '7B0C1E2D-3F40-4A5B-8C6D-7E8F90A1B2C3';

describe('filterArgs', () => {
  it('sends nothing for the default (unfiltered) list', () => {
    expect(filterArgs(BOOKING_LIST_DEFAULTS, NOW)).toEqual({});
  });

  it('maps every filter to its RPC argument, trimming texts and lower-casing the provider id', () => {
    expect(
      filterArgs({ status: 'completed', provider: PROVIDER, pkg: '  Gói 3 giờ ', service: ' Dọn dẹp ', time: '7d' }, NOW),
    ).toEqual({
      p_status: 'completed',
      p_provider_id: PROVIDER.toLowerCase(),
      p_package: 'Gói 3 giờ',
      p_service: 'Dọn dẹp',
      p_since: '2026-11-15T10:00:00.000Z',
    });
  });

  it('reads "today" as since midnight in Vietnam', () => {
    expect(filterArgs({ ...BOOKING_LIST_DEFAULTS, time: 'today' }, NOW).p_since).toBe('2026-11-21T17:00:00.000Z');
  });

  it('ignores values that are not filters (bad status, malformed provider, blank texts, unknown time)', () => {
    expect(filterArgs({ status: 'done', provider: 'abc', pkg: '   ', service: '', time: '365d' }, NOW)).toEqual({});
  });
});

describe('listPageArgs', () => {
  it('asks for 50 rows at the page offset', () => {
    expect(listPageArgs({ ...BOOKING_LIST_DEFAULTS, page: 3, status: 'pending' }, NOW)).toEqual({
      p_status: 'pending',
      p_limit: 50,
      p_offset: 100,
    });
  });

  it('treats page numbers below 1 as page 1', () => {
    expect(listPageArgs({ ...BOOKING_LIST_DEFAULTS, page: 0 }, NOW).p_offset).toBe(0);
  });
});

describe('exportChunkArgs', () => {
  it('starts without a cursor and continues after the last row with keyset paging', () => {
    expect(exportChunkArgs({ ...BOOKING_LIST_DEFAULTS, service: 'x' }, 1000, null, NOW)).toEqual({
      p_service: 'x',
      p_limit: 1000,
    });
    expect(exportChunkArgs(BOOKING_LIST_DEFAULTS, 1000, { createdAt: '2026-11-01T00:00:00Z', id: 'b1' }, NOW)).toEqual({
      p_limit: 1000,
      p_after_created_at: '2026-11-01T00:00:00Z',
      p_after_id: 'b1',
    });
  });
});

