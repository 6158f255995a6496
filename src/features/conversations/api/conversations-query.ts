// One page of conversations (latest message first) from admin_list_conversations.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/ui/pagination.tsx';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { conversationKeys, type ConversationFilters } from './conversation-keys.ts';
import { toConversationArgs } from './conversation-filters.ts';

export interface ConversationRow {
  id: string;
  booking_id: string;
  provider_id: string | null;
  provider_name: string | null;
  customer_id: string | null;
  customer_name: string | null;
  is_active: boolean;
  last_message: string | null;
  last_message_at: string | null;
  created_at: string;
}

export function conversationsQueryOptions(filters: ConversationFilters, page: number) {
  return queryOptions({
    queryKey: conversationKeys.list(filters, page),
    queryFn: async ({ signal }) => {
      const result = await supabase
        .rpc('admin_list_conversations', {
          ...toConversationArgs(filters),
          p_limit: PAGE_SIZE,
          p_offset: (Math.max(page, 1) - 1) * PAGE_SIZE,
        })
        .abortSignal(signal);
      const data = unwrap(result) as unknown as { rows: ConversationRow[]; total: number; total_exact: boolean };
      return { rows: data.rows, total: data.total, exact: data.total_exact };
    },
    placeholderData: keepPreviousData,
  });
}

export function useConversations(filters: ConversationFilters, page: number) {
  return useQuery(conversationsQueryOptions(filters, page));
}
