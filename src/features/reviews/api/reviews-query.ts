// One page of reviews (newest first) from admin_list_reviews, with a total that is exact up to
// 10,000 rows and an estimate beyond (`exact` false: the screen writes "khoảng").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/ui/pagination.tsx';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { reviewKeys, type ReviewFilters } from './review-keys.ts';
import { toReviewArgs, type ReviewRow } from './review-filters.ts';

export type { ReviewRow, ReviewStatus } from './review-filters.ts';

export function reviewsQueryOptions(filters: ReviewFilters, page: number) {
  return queryOptions({
    queryKey: reviewKeys.list(filters, page),
    queryFn: async ({ signal }) => {
      const result = await supabase
        .rpc('admin_list_reviews', {
          ...toReviewArgs(filters),
          p_limit: PAGE_SIZE,
          p_offset: (Math.max(page, 1) - 1) * PAGE_SIZE,
        })
        .abortSignal(signal);
      const data = unwrap(result) as unknown as { rows: ReviewRow[]; total: number; total_exact: boolean };
      return { rows: data.rows, total: data.total, exact: data.total_exact };
    },
    placeholderData: keepPreviousData,
  });
}

export function useReviews(filters: ReviewFilters, page: number) {
  return useQuery(reviewsQueryOptions(filters, page));
}
