// Query keys of the customers area.
import type { CustomerListFilters } from './customer-filters.ts';

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (filters: CustomerListFilters) => [...customerKeys.lists(), filters] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (id: string) => [...customerKeys.details(), id] as const,
  stats: (id: string) => [...customerKeys.detail(id), 'stats'] as const,
  recentBookings: (id: string) => [...customerKeys.detail(id), 'recent-bookings'] as const,
};
