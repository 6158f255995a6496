import { describe, expect, it } from 'vitest';
import { toDepositArgs } from './deposit-filters.ts';

const none = { search: '', providerId: '', status: '', from: '', to: '' };

describe('deposit filters', () => {
  it('sends only meaningful filters', () => {
    expect(toDepositArgs(none)).toEqual({});
    expect(toDepositArgs({ ...none, status: 'unknown', search: '   ' })).toEqual({});
  });

  it('keeps a valid status, trimmed search and Vietnam day bounds', () => {
    expect(toDepositArgs({ ...none, status: 'canceled', search: ' Thợ ', from: '2026-01-01', to: '2026-01-01' })).toEqual({
      p_status: 'canceled',
      p_search: 'Thợ',
      p_from: '2025-12-31T17:00:00.000Z',
      p_to: '2026-01-01T17:00:00.000Z',
    });
  });
});
