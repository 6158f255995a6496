// Query keys of the reviews feature: pages by filters.
import type { ReviewFilters } from './review-filters.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (filters: ReviewFilters, page: number) => [...reviewKeys.lists(), filters, page] as const,
};
