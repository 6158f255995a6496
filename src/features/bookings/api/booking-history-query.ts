// The change history of one booking, from the audit log the database writes (admins only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { readChanges, type HistoryEntry } from './history-changes.ts';

export type { HistoryChange, HistoryEntry } from './history-changes.ts';
import { bookingKeys } from './keys.ts';

export const HISTORY_LIMIT = 100;

export function bookingHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingKeys.history(id),
    queryFn: async (): Promise<HistoryEntry[]> => {
      const rows = unwrap(
        await supabase
          .from('audit_log')
          .select('id, created_at, actor_email, action, changes')
          .eq('table_name', 'bookings')
          .eq('row_id', id)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(HISTORY_LIMIT),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        at: row.created_at,
        actorEmail: row.actor_email,
        action: row.action,
        changes: readChanges(row.changes),
      }));
    },
  });
}

export function useBookingHistory(id: string, enabled: boolean) {
  return useQuery({ ...bookingHistoryQueryOptions(id), enabled });
}
