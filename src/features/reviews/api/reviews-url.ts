// The reviews screen's URL state (filters, sort, page), read by the same parser in the route's
// loader and in the screen (parseUrlState / useUrlState with these defaults and options), and the
// list's filters it gives.
import { LIST_VIEW_DEFAULTS } from '@/lib/lists/paging.ts';
import { sortValues } from '@/lib/lists/sort.ts';
import type { ReviewFilters } from './review-filters.ts';

export const REVIEWS_URL_DEFAULTS = { q: '', rating: '', status: '', ...LIST_VIEW_DEFAULTS };
export const REVIEWS_URL_OPTIONS = { allowed: { sort: sortValues(['created_at', 'rating']) } };
/** The star choices of the rating filter, in the screen's order. */
export const REVIEW_RATING_CHOICES = ['5', '4', '3', '2', '1'] as const;
export type ReviewsUrlState = typeof REVIEWS_URL_DEFAULTS;

export function reviewFiltersOf(state: ReviewsUrlState): ReviewFilters {
  return { search: state.q, rating: state.rating, status: state.status };
}
