// A provider's active reviews, newest first, 10 a page, with the exact total.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapList } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { pageRange } from '@/lib/lists/url-state.ts';
import { providerKeys } from './keys.ts';

export const REVIEWS_PAGE_SIZE = 10;

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
