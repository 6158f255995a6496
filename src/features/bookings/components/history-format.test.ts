import { describe, expect, it } from 'vitest';
import { readChanges } from '@/features/bookings/api/history-changes.ts';
import { formatHistoryValue } from './history-format.ts';

describe('readChanges', () => {
  it('turns the audit log {column: [old, new]} into sorted changes', () => {
    expect(readChanges({ status: ['pending', 'confirmed'], note: [null, 'Gọi trước'] })).toEqual([
      { field: 'note', before: null, after: 'Gọi trước' },
      { field: 'status', before: 'pending', after: 'confirmed' },
    ]);
  });

  it('ignores anything that is not a pair', () => {
    expect(readChanges({ status: 'x', other: [1] })).toEqual([]);
    expect(readChanges(null)).toEqual([]);
    expect(readChanges(['a'])).toEqual([]);
  });
});

describe('formatHistoryValue', () => {
  it('shows statuses, money, payment methods and times the way the screen does', () => {
    expect(formatHistoryValue('status', 'pending_completion')).toBe('Chờ hoàn thành');
    expect(formatHistoryValue('final_price', 270000)).toMatch(/^270\.000\s₫$/);
    expect(formatHistoryValue('payment_method', 'bank_transfer')).toBe('Chuyển khoản');
    expect(formatHistoryValue('completed_at', '2026-11-22T01:05:00Z')).toBe('08:05 22/11/2026');
  });

  it('shows empty values as a dash and lists as text', () => {
    expect(formatHistoryValue('note', null)).toBe('—');
    expect(formatHistoryValue('provider_queue', [])).toBe('—');
    expect(formatHistoryValue('provider_queue', ['a', 'b'])).toBe('a, b');
  });
});
