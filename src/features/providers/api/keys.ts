// Query keys of the providers area.
import type { ProviderListFilters } from './providers-query.ts';

export const providerKeys = {
  all: ['providers'] as const,
  lists: () => [...providerKeys.all, 'list'] as const,
  list: (filters: ProviderListFilters) => [...providerKeys.lists(), filters] as const,
  details: () => [...providerKeys.all, 'detail'] as const,
  detail: (id: string) => [...providerKeys.details(), id] as const,
  stats: (id: string) => [...providerKeys.detail(id), 'stats'] as const,
  serviceTypes: (id: string) => [...providerKeys.detail(id), 'service-types'] as const,
  documents: (id: string) => [...providerKeys.detail(id), 'documents'] as const,
  documentUrl: (path: string) => [...providerKeys.all, 'document-url', path] as const,
  reviewSummary: (id: string) => [...providerKeys.detail(id), 'review-summary'] as const,
  reviews: (id: string, page: number) => [...providerKeys.detail(id), 'reviews', page] as const,
  recentBookings: (id: string) => [...providerKeys.detail(id), 'recent-bookings'] as const,
  ledger: (id: string) => [...providerKeys.detail(id), 'ledger'] as const,
  subcategories: () => [...providerKeys.all, 'subcategories'] as const,
};
