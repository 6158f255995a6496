// The change history of one booking, from the audit log the database writes (admins only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { Json } from '../../../types/database.ts';
import { bookingKeys } from './keys.ts';

export const HISTORY_LIMIT = 100;

export interface HistoryChange {
  field: string;
  before: Json;
  after: Json;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  changes: HistoryChange[];
}

/** {status: ['pending', 'confirmed']} → [{field: 'status', before: 'pending', after: 'confirmed'}]. */
export function readChanges(changes: Json): HistoryChange[] {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) return [];
  const result: HistoryChange[] = [];
  for (const [field, pair] of Object.entries(changes)) {
    if (Array.isArray(pair) && pair.length === 2) {
      result.push({ field, before: pair[0] ?? null, after: pair[1] ?? null });
    }
  }
  return result.sort((a, b) => a.field.localeCompare(b.field));
}

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
