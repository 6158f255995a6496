// One page of promotion codes from admin_list_promotions (newest first, or the chosen sort), with
// the total; code search ignores case and accents on the server (docs/search.md#contract).
import { useQuery } from '@tanstack/react-query';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import { textArg } from '@/lib/lists/search.ts';
import type { ListView } from '@/lib/lists/paging.ts';
import { DISCOUNT_TYPES, PROMOTION_STATUSES } from './promotion-rules.ts';
import { promotionKeys, type PromotionListFilters } from './keys.ts';
import { promotionRowSchema } from './promotion-types.ts';

function toPromotionArgs(filters: PromotionListFilters): { p_search?: string; p_type?: string; p_status?: string } {
  return {
    ...textArg('p_search', filters.search),
    ...((DISCOUNT_TYPES as readonly string[]).includes(filters.type) ? { p_type: filters.type } : {}),
    ...((PROMOTION_STATUSES as readonly string[]).includes(filters.status) ? { p_status: filters.status } : {}),
  };
}

export function promotionsQueryOptions(filters: PromotionListFilters, view: ListView) {
  return listPageQueryOptions(promotionKeys.list(filters, view), 'admin_list_promotions', toPromotionArgs(filters), view, promotionRowSchema);
}

export function usePromotions(filters: PromotionListFilters, view: ListView) {
  return useQuery(promotionsQueryOptions(filters, view));
}
