// Query keys of the conversations feature: pages by filters and view (sort, page), a booking's conversation, its
// messages and the signed URLs of chat images.
import type { ListView } from '@/lib/lists/paging.ts';
import type { ConversationFilters } from './conversation-filters.ts';

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (filters: ConversationFilters, view: ListView) => [...conversationKeys.lists(), filters, view] as const,
  byBooking: (bookingId: string) => [...conversationKeys.all, 'booking', bookingId] as const,
  messages: (conversationId: string) => [...conversationKeys.all, 'messages', conversationId] as const,
  imageUrl: (path: string) => [...conversationKeys.all, 'image', path] as const,
};
