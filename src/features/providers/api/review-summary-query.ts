// A provider's review summary (public.provider_review_summary: active reviews only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { providerKeys } from './keys.ts';
import { summarySchema, type ReviewSummary } from './review-stats.ts';

export { starBars, type ReviewSummary } from './review-stats.ts';

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
