import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvalidationBatcher, LIVE_TABLES } from './live-updates.tsx';

// The batcher needs no client (and Node 20 has no WebSocket for supabase-js' realtime).
vi.mock('@/lib/supabase/supabase.ts', () => ({ supabase: {} }));

describe('live updates: invalidation batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('invalidates each key root of the changed tables once per second, not once per event', () => {
    const invalidateQueries = vi.fn(() => Promise.resolve());
    const batcher = createInvalidationBatcher({ invalidateQueries }, 1000);
    for (let i = 0; i < 20; i += 1) batcher.add('bookings');
    batcher.add('reviews');
    expect(invalidateQueries).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    const roots = invalidateQueries.mock.calls.map((call: unknown[]) => (call[0] as { queryKey: string[] }).queryKey[0]);
    expect(roots.sort()).toEqual(['bookings', 'customers', 'dashboard', 'providers', 'reviews']);
    batcher.add('deposit_history');
    vi.advanceTimersByTime(1000);
    expect(invalidateQueries).toHaveBeenCalledTimes(8);
    expect(invalidateQueries).toHaveBeenLastCalledWith({ queryKey: ['dashboard'] });
  });

  it('a key prefix invalidates that prefix only (a message refreshes the conversations list, not the chat images)', () => {
    const invalidateQueries = vi.fn(() => Promise.resolve());
    const batcher = createInvalidationBatcher({ invalidateQueries }, 1000);
    batcher.add('messages');
    vi.advanceTimersByTime(1000);
    expect(invalidateQueries.mock.calls).toEqual([[{ queryKey: ['conversations', 'list'] }]]);
  });

  it('drops what is pending when stopped (the admin left)', () => {
    const invalidateQueries = vi.fn(() => Promise.resolve());
    const batcher = createInvalidationBatcher({ invalidateQueries }, 1000);
    batcher.add('commissions');
    batcher.stop();
    vi.advanceTimersByTime(5000);
    expect(invalidateQueries).not.toHaveBeenCalled();
  });

  it('follows the records the marketplace produces, with the key roots of the screens that show them', () => {
    expect(Object.keys(LIVE_TABLES).sort()).toEqual([
      'bookings',
      'commissions',
      'conversations',
      'deposit_history',
      'discount_codes',
      'messages',
      'profiles',
      'reviews',
      'service_items',
    ]);
    for (const table of ['bookings', 'deposit_history', 'commissions', 'profiles', 'service_items'] as const) {
      expect(LIVE_TABLES[table]).toContain('dashboard');
    }
    expect(LIVE_TABLES.deposit_history).toContain('deposits');
    expect(LIVE_TABLES.discount_codes).toContain('promotions');
  });
});
