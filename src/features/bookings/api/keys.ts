// Query keys of the bookings area: lists by filters, one detail per id and its change history.
import { listDetailKeys } from '@/lib/query/query-keys.ts';
import type { BookingListFilters } from './booking-filters.ts';

const base = listDetailKeys<BookingListFilters>('bookings');

export const bookingKeys = {
  ...base,
  history: (id: string) => [...base.all, 'history', id] as const,
  conversation: (id: string) => [...base.all, 'conversation', id] as const,
};
