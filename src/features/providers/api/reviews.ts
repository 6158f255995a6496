// A provider's review summary (public.provider_review_summary: active reviews only) and the list
// of its active reviews, newest first, 10 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, unwrapList } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { pageRange } from '@/lib/url-state.ts';
import { providerKeys } from './keys.ts';
import { summarySchema, type ReviewSummary } from './review-stats.ts';

export { starBars, type ReviewSummary } from './review-stats.ts';

export const REVIEWS_PAGE_SIZE = 10;

export function reviewSummaryQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: providerKeys.reviewSummary(providerId),
    queryFn: async (): Promise<ReviewSummary> =>
      summarySchema.parse(unwrap(await supabase.rpc('provider_review_summary', { p_provider_id: providerId }))),
  });
}

export function useReviewSummary(providerId: string) {
  return useQuery(reviewSummaryQueryOptions(providerId));
}

export interface ProviderReview {
  id: string;
  booking_id: string;
  customer_name: string | null;
  rating: number;
  comment: string | null;
  created_at: string;
}

export function providerReviewsQueryOptions(providerId: string, page: number) {
  return queryOptions({
    queryKey: providerKeys.reviews(providerId, page),
    queryFn: async () => {
      const { from, to } = pageRange(page, REVIEWS_PAGE_SIZE);
      const result = await supabase
        .from('reviews')
        .select('id, booking_id, customer_name, rating, comment, created_at', { count: 'exact' })
        .eq('provider_id', providerId)
        .eq('status', 'active')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to);
      return unwrapList<ProviderReview>(result);
    },
    placeholderData: keepPreviousData,
  });
}

export function useProviderReviews(providerId: string, page: number) {
  return useQuery(providerReviewsQueryOptions(providerId, page));
}
