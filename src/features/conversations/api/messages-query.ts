// Messages of a conversation in ascending time order (the latest 500).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { conversationKeys } from './keys.ts';
import type { MessageRow } from './merge-message.ts';

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
