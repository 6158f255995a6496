// Review rows and the translation of the URL filters into admin_list_reviews arguments.
import type { ReviewFilters } from './review-keys.ts';

export type ReviewStatus = 'active' | 'inactive';

export interface ReviewRow {
  id: string;
  booking_id: string;
  customer_id: string | null;
  customer_name: string | null;
  provider_id: string | null;
  provider_name: string | null;
  rating: number;
  comment: string | null;
  status: ReviewStatus;
  created_at: string;
  updated_at: string;
}

export interface ReviewFilterArgs {
  p_search?: string;
  p_rating?: number;
  p_status?: string;
}

export function toReviewArgs(filters: ReviewFilters): ReviewFilterArgs {
  const args: ReviewFilterArgs = {};
  if (filters.search.trim() !== '') args.p_search = filters.search.trim();
  const rating = Number(filters.rating);
  if (filters.rating !== '' && Number.isInteger(rating) && rating >= 1 && rating <= 5) args.p_rating = rating;
  if (filters.status === 'active' || filters.status === 'inactive') args.p_status = filters.status;
  return args;
}
