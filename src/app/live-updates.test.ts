// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingKeys } from '@/features/bookings/api/keys.ts';
import { commissionKeys } from '@/features/commissions/api/keys.ts';
import { conversationKeys } from '@/features/conversations/api/keys.ts';
import { customerKeys } from '@/features/customers/api/keys.ts';
import { dashboardKeys } from '@/features/dashboard/api/keys.ts';
import { depositKeys } from '@/features/deposits/api/keys.ts';
import { promotionKeys } from '@/features/promotions/api/keys.ts';
import { providerKeys } from '@/features/providers/api/keys.ts';
import { reviewKeys } from '@/features/reviews/api/keys.ts';
import { settingsKeys } from '@/features/settings/api/keys.ts';
import { createInvalidationBatcher, LiveUpdates } from './live-updates.tsx';

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

});

// The behaviour of the mounted <LiveUpdates />: a change the realtime channel reports on a table
// makes stale, a second later, the queries of the screens that show that table's records, keyed by
// each feature's own key factory, and nothing else. A table the channel does not listen to, or a
// feature whose keys moved to another root, fails here.
const channel = vi.hoisted(() => ({
  handlers: new Map<string, () => void>(),
  subscribed: false,
}));

vi.mock('@/lib/supabase/supabase.ts', () => {
  const fake = {
    on(type: string, filter: { event: string; schema: string; table: string }, handler: () => void) {
      if (type === 'postgres_changes' && filter.event === '*' && filter.schema === 'public') channel.handlers.set(filter.table, handler);
      return fake;
    },
    subscribe() {
      channel.subscribed = true;
      return fake;
    },
  };
  return { supabase: { channel: () => fake, removeChannel: () => Promise.resolve('ok') } };
});

/** One query of each screen, under the key its feature builds. */
const SCREENS = {
  'bookings list': bookingKeys.lists(),
  'booking detail': bookingKeys.detail('b1'),
  "booking's conversation": bookingKeys.conversation('b1'),
  dashboard: dashboardKeys.summary(),
  'recent bookings (dashboard)': dashboardKeys.recentBookings(),
  'customers list': customerKeys.lists(),
  'customer stats': customerKeys.stats('c1'),
  'providers list': providerKeys.lists(),
  "provider's reviews": providerKeys.reviews('p1', 1),
  'deposit history': depositKeys.lists(),
  'reviews list': reviewKeys.lists(),
  'commissions list': commissionKeys.lists(),
  'promotion codes': promotionKeys.lists(),
  'conversations list': conversationKeys.lists(),
  'conversation of a booking': conversationKeys.byBooking('b1'),
  'chat image URL': conversationKeys.imageUrl('x.png'),
  settings: settingsKeys.detail(),
} as const;
type Screen = keyof typeof SCREENS;

/** What each table's change must refresh: the screens that show its records. */
const EXPECTED: Record<string, Screen[]> = {
  bookings: ['bookings list', 'booking detail', "booking's conversation", 'dashboard', 'recent bookings (dashboard)', 'customers list', 'customer stats', 'providers list', "provider's reviews"],
  deposit_history: ['deposit history', 'dashboard', 'recent bookings (dashboard)', 'providers list', "provider's reviews"],
  reviews: ['reviews list', 'providers list', "provider's reviews"],
  commissions: ['commissions list', 'providers list', "provider's reviews", 'dashboard', 'recent bookings (dashboard)'],
  discount_codes: ['promotion codes'],
  profiles: ['dashboard', 'recent bookings (dashboard)', 'customers list', 'customer stats', 'providers list', "provider's reviews"],
  service_items: ['dashboard', 'recent bookings (dashboard)'],
  conversations: ['conversations list', 'conversation of a booking', "booking's conversation"],
  messages: ['conversations list'],
};

describe('<LiveUpdates />: a change on a table refreshes the screens that show it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  for (const [table, screens] of Object.entries(EXPECTED)) {
    it(`${table}: ${screens.join(', ')}`, () => {
      const queryClient = new QueryClient();
      for (const key of Object.values(SCREENS)) queryClient.setQueryData(key, 'cached');
      render(createElement(QueryClientProvider, { client: queryClient }, createElement(LiveUpdates)));
      expect(channel.subscribed).toBe(true);
      const changed = channel.handlers.get(table);
      expect(changed, `the channel listens to public.${table}`).toBeTypeOf('function');
      changed!();
      changed!();
      const stale = () => (Object.keys(SCREENS) as Screen[]).filter((screen) => queryClient.getQueryState(SCREENS[screen])?.isInvalidated);
      // Batched: nothing before the second is out, then exactly the screens showing the table.
      expect(stale()).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(stale().sort()).toEqual([...screens].sort());
    });
  }
});
