// One page of conversations (latest message first, or the chosen sort) from admin_list_conversations, with the total
// (exact, or the planner's estimate flagged `totalExact: false`).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import type { ListView } from '@/lib/lists/paging.ts';
import { toConversationArgs, type ConversationFilters } from './conversation-filters.ts';
import { conversationKeys } from './keys.ts';

export const conversationRowSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  provider_id: z.nullable(z.string()),
  provider_name: z.nullable(z.string()),
  customer_id: z.nullable(z.string()),
  customer_name: z.nullable(z.string()),
  is_active: z.boolean(),
  last_message: z.nullable(z.string()),
  last_message_at: z.nullable(z.string()),
  created_at: z.string(),
});

export type ConversationRow = z.infer<typeof conversationRowSchema>;

export function conversationsQueryOptions(filters: ConversationFilters, view: ListView) {
  return listPageQueryOptions(conversationKeys.list(filters, view), 'admin_list_conversations', toConversationArgs(filters), view, conversationRowSchema);
}

export function useConversations(filters: ConversationFilters, view: ListView) {
  return useQuery(conversationsQueryOptions(filters, view));
}
