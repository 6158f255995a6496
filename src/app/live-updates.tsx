// Live back office (docs/marketplace.md#live-back-office): the records customers and providers
// produce (new bookings, queue changes, pending deposits, reviews, commissions, promotion uses,
// messages) show up without a reload, the dashboard's figures included. One realtime channel for the whole admin session listens to postgres_changes
// on those tables and invalidates the react-query caches by the first element of their keys
// (each feature's key factory starts with it), so the screens on display refetch and the others
// are refetched when next shown. Changes are batched: a burst of events costs one refetch per
// screen per second at most.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase/supabase.ts';

/**
 * The tables the back office follows, and the query keys each one's changes make stale: a key root
 * ('bookings') or a longer key prefix written with slashes ('conversations/list': the list, not the
 * cached chat images).
 */
export const LIVE_TABLES = {
  bookings: ['bookings', 'dashboard', 'customers', 'providers'],
  deposit_history: ['deposits', 'providers', 'dashboard'],
  reviews: ['reviews', 'providers'],
  commissions: ['commissions', 'providers', 'dashboard'],
  discount_codes: ['promotions'],
  // The dashboard's user and package counts.
  profiles: ['dashboard', 'customers', 'providers'],
  service_items: ['dashboard'],
  // A new message updates its conversation's last message (trigger): the list re-sorts.
  conversations: ['conversations/list', 'conversations/booking', 'bookings/conversation'],
  messages: ['conversations/list'],
} as const satisfies Record<string, readonly string[]>;

export type LiveTable = keyof typeof LIVE_TABLES;

const FLUSH_MS = 1000;

export interface InvalidationBatcher {
  /** Records a change of `table`; its roots are invalidated at the next flush. */
  add: (table: LiveTable) => void;
  /** Stops the timer; pending roots are dropped. */
  stop: () => void;
}

/** Collects the key roots of changed tables and invalidates each once per `delayMs`. */
export function createInvalidationBatcher(queryClient: Pick<QueryClient, 'invalidateQueries'>, delayMs = FLUSH_MS): InvalidationBatcher {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    timer = undefined;
    const roots = [...pending];
    pending.clear();
    for (const root of roots) void queryClient.invalidateQueries({ queryKey: root.split('/') });
  };
  return {
    add(table) {
      for (const root of LIVE_TABLES[table]) pending.add(root);
      timer ??= setTimeout(flush, delayMs);
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/** Mounted once in the admin shell: keeps the back office's lists and figures current. */
export function LiveUpdates(): null {
  const queryClient = useQueryClient();
  useEffect(() => {
    const batcher = createInvalidationBatcher(queryClient);
    const channel = supabase.channel('admin-live-updates');
    for (const table of Object.keys(LIVE_TABLES) as LiveTable[]) {
      channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => batcher.add(table));
    }
    channel.subscribe();
    return () => {
      batcher.stop();
      void supabase.removeChannel(channel);
    };
  }, [queryClient]);
  return null;
}
