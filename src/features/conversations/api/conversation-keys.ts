// Query keys of the conversations feature.
export interface ConversationFilters {
  provider: string;
  customer: string;
  status: string;
  time: string;
}

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (filters: ConversationFilters, page: number) => [...conversationKeys.lists(), filters, page] as const,
  byBooking: (bookingId: string) => [...conversationKeys.all, 'booking', bookingId] as const,
  messages: (conversationId: string) => [...conversationKeys.all, 'messages', conversationId] as const,
  imageUrl: (path: string) => [...conversationKeys.all, 'image', path] as const,
};
