// Query keys of the providers area.
import type { ProfilesListFilters } from '@/lib/lists/profiles-list-filters.ts';
import { profileKeys } from '@/lib/query/query-keys.ts';

const profile = profileKeys<ProfilesListFilters>('providers');

export const providerKeys = {
  ...profile,
  serviceTypes: (id: string) => [...profile.detail(id), 'service-types'] as const,
  documents: (id: string) => [...profile.detail(id), 'documents'] as const,
  documentUrl: (path: string) => [...profile.all, 'document-url', path] as const,
  reviewSummary: (id: string) => [...profile.detail(id), 'review-summary'] as const,
  reviews: (id: string, page: number) => [...profile.detail(id), 'reviews', page] as const,
  ledger: (id: string) => [...profile.detail(id), 'ledger'] as const,
  subcategories: () => [...profile.all, 'subcategories'] as const,
};
