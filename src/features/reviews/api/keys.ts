// Query keys of the reviews feature: pages by filters and view (sort, page).
import type { ListView } from '@/lib/lists/paging.ts';
import type { ReviewFilters } from './review-filters.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (filters: ReviewFilters, view: ListView) => [...reviewKeys.lists(), filters, view] as const,
};
