// One page of reviews (newest first, or the chosen sort) from admin_list_reviews, with a total that is exact up to
// 10,000 rows and an estimate beyond (`totalExact` false: the screen writes "khoảng").
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import type { Page } from '@/lib/lists/paged-list.ts';
import type { ListView } from '@/lib/lists/paging.ts';
import { toReviewArgs, type ReviewFilters } from './review-filters.ts';
import { reviewKeys } from './keys.ts';

export const REVIEW_STATUSES = ['active', 'inactive'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewRowSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  customer_id: z.nullable(z.string()),
  customer_name: z.nullable(z.string()),
  provider_id: z.nullable(z.string()),
  provider_name: z.nullable(z.string()),
  rating: z.number(),
  comment: z.nullable(z.string()),
  status: z.enum(REVIEW_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type ReviewRow = z.infer<typeof reviewRowSchema>;
export type ReviewPage = Page<ReviewRow>;

export function reviewsQueryOptions(filters: ReviewFilters, view: ListView) {
  return listPageQueryOptions(reviewKeys.list(filters, view), 'admin_list_reviews', toReviewArgs(filters), view, reviewRowSchema);
}

export function useReviews(filters: ReviewFilters, view: ListView) {
  return useQuery(reviewsQueryOptions(filters, view));
}
