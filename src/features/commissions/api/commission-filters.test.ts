import { describe, expect, it } from 'vitest';
import { toCommissionArgs } from './commission-filters.ts';

const none = { search: '', providerId: '', serviceId: '', from: '', to: '' };

describe('commission filters', () => {
  it('sends nothing for empty filters', () => {
    expect(toCommissionArgs(none)).toEqual({});
  });

  it('reads dates as Vietnam days, the end day inclusive', () => {
    expect(toCommissionArgs({ ...none, from: '2026-11-01', to: '2026-11-30' })).toEqual({
      p_from: '2026-10-31T17:00:00.000Z',
      p_to: '2026-11-30T17:00:00.000Z',
    });
  });

  it('passes trimmed search and valid ids only', () => {
    expect(
      toCommissionArgs({
        ...none,
        search: '  Điện ',
        providerId: '00000000-0000-4000-a000-000000000003',
        serviceId: 'not-an-id',
      }),
    ).toEqual({ p_search: 'Điện', p_provider_id: '00000000-0000-4000-a000-000000000003' });
  });
});
