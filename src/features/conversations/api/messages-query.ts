// Messages of a conversation in ascending time order, and the live subscription that appends
// messages inserted by anyone else (Supabase Realtime postgres_changes on messages, filtered by
// booking_id) to the cached list without reloading.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { conversationKeys } from './keys.ts';
import { mergeMessage, type MessageRow } from './merge-message.ts';

export type { MessageRow } from './merge-message.ts';

const MESSAGE_COLUMNS = 'id, conversation_id, booking_id, sender_id, type, content, created_at, is_read, read_at';
/** A conversation longer than this shows its latest messages only. */
export const MESSAGE_LIMIT = 500;

export function messagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: async ({ signal }): Promise<MessageRow[]> => {
      const rows = unwrap(
        await supabase
          .from('messages')
          .select(MESSAGE_COLUMNS)
          .eq('conversation_id', conversationId)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(MESSAGE_LIMIT)
          .abortSignal(signal),
      ) as MessageRow[];
      return rows.reverse();
    },
  });
}

export function useMessages(conversationId: string) {
  return useQuery(messagesQueryOptions(conversationId));
}

function isMessageRow(value: unknown): value is MessageRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.id === 'string' && typeof row.content === 'string' && typeof row.created_at === 'string';
}

/** Live updates of one booking's messages: new ones are appended, read markers update in place. */
export function useLiveMessages(bookingId: string, conversationId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (conversationId === undefined) return undefined;
    const key = conversationKeys.messages(conversationId);
    const apply = (record: unknown) => {
      if (!isMessageRow(record)) return;
      queryClient.setQueryData<MessageRow[]>(key, (current) => mergeMessage(current ?? [], record));
    };
    const channel = supabase
      .channel(`admin-messages-${bookingId}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', filter: `booking_id=eq.${bookingId}` }, (payload) =>
        apply(payload.new),
      )
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'messages', filter: `booking_id=eq.${bookingId}` }, (payload) =>
        apply(payload.new),
      )
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [bookingId, conversationId, queryClient]);
}
