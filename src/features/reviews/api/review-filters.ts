// The reviews list's URL filters and their translation into admin_list_reviews arguments.
import { textArg } from '@/lib/lists/search.ts';

export interface ReviewFilters {
  search: string;
  rating: string;
  status: string;
}

export interface ReviewFilterArgs {
  p_search?: string;
  p_rating?: number;
  p_status?: string;
}

export function toReviewArgs(filters: ReviewFilters): ReviewFilterArgs {
  const args: ReviewFilterArgs = textArg('p_search', filters.search);
  const rating = Number(filters.rating);
  if (filters.rating !== '' && Number.isInteger(rating) && rating >= 1 && rating <= 5) args.p_rating = rating;
  if (filters.status === 'active' || filters.status === 'inactive') args.p_status = filters.status;
  return args;
}
