// The live subscription of a conversation's screen: messages inserted or updated by anyone else
// (Supabase Realtime postgres_changes on messages, filtered by booking_id) are merged into the
// cached list without reloading.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase/supabase.ts';
import { conversationKeys } from './keys.ts';
import { mergeMessage, type MessageRow } from './merge-message.ts';

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
    const filter = `booking_id=eq.${bookingId}`;
    const channel = supabase
      .channel(`admin-messages-${bookingId}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', filter }, (payload) => apply(payload.new))
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'messages', filter }, (payload) => apply(payload.new))
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [bookingId, conversationId, queryClient]);
}
