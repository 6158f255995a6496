// Query keys of the reviews feature.
export interface ReviewFilters {
  search: string;
  rating: string;
  status: string;
}

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (filters: ReviewFilters, page: number) => [...reviewKeys.lists(), filters, page] as const,
};
