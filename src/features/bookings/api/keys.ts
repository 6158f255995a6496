// Query keys of the bookings area: lists by filters, one detail per id and its change history.
import type { BookingListFilters } from './booking-filters.ts';

export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (filters: BookingListFilters) => [...bookingKeys.lists(), filters] as const,
  details: () => [...bookingKeys.all, 'detail'] as const,
  detail: (id: string) => [...bookingKeys.details(), id] as const,
  history: (id: string) => [...bookingKeys.all, 'history', id] as const,
  conversation: (id: string) => [...bookingKeys.all, 'conversation', id] as const,
};
