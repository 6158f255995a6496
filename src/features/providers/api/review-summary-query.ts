// A provider's review summary (public.provider_review_summary: active reviews only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchRpc } from '@/lib/supabase/rpc.ts';
import { providerKeys } from './keys.ts';
import { summarySchema, type ReviewSummary } from './review-stats.ts';

export { starBars, type ReviewSummary } from './review-stats.ts';

export function reviewSummaryQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: providerKeys.reviewSummary(providerId),
    queryFn: (): Promise<ReviewSummary> => fetchRpc('provider_review_summary', { p_provider_id: providerId }, summarySchema),
  });
}

export function useReviewSummary(providerId: string) {
  return useQuery(reviewSummaryQueryOptions(providerId));
}
