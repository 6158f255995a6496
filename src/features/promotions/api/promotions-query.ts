// One page of promotion codes (newest first) with the exact total; filters on the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrapList } from '@/lib/errors.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import { containsPattern } from '@/lib/search.ts';
import { supabase } from '@/lib/supabase.ts';
import { pageRange } from '@/lib/url-state.ts';
import { DISCOUNT_TYPES, PROMOTION_STATUSES, type DiscountType, type PromotionStatus } from './promotion-rules.ts';
import { promotionKeys, type PromotionListFilters } from './keys.ts';
import { PROMOTION_COLUMNS, promotionRowSchema } from './promotion-types.ts';

export function promotionsQueryOptions(filters: PromotionListFilters, page: number) {
  return queryOptions({
    queryKey: promotionKeys.list(filters, page),
    queryFn: async ({ signal }) => {
      let query = supabase.from('discount_codes').select(PROMOTION_COLUMNS, { count: 'exact' });
      const search = filters.search.trim();
      if (search !== '') query = query.ilike('code', containsPattern(search));
      if ((DISCOUNT_TYPES as readonly string[]).includes(filters.type)) query = query.eq('discount_type', filters.type as DiscountType);
      if ((PROMOTION_STATUSES as readonly string[]).includes(filters.status)) query = query.eq('status', filters.status as PromotionStatus);
      const { from, to } = pageRange(page, PAGE_SIZE);
      const result = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to)
        .abortSignal(signal);
      const { rows, total } = unwrapList(result);
      return { rows: z.array(promotionRowSchema).parse(rows), total };
    },
    placeholderData: keepPreviousData,
  });
}

export function usePromotions(filters: PromotionListFilters, page: number) {
  return useQuery(promotionsQueryOptions(filters, page));
}
