// The promotions screen's URL state (filters, sort, page), read by the same parser in the route's
// loader and in the screen (parseUrlState / useUrlState with these defaults and options), and the
// list's filters it gives.
import { LIST_VIEW_DEFAULTS } from '@/lib/lists/paging.ts';
import { sortValues } from '@/lib/lists/sort.ts';
import type { PromotionListFilters } from './keys.ts';

export const PROMOTIONS_URL_DEFAULTS = { q: '', type: '', status: '', ...LIST_VIEW_DEFAULTS };
export const PROMOTIONS_URL_OPTIONS = { allowed: { sort: sortValues(['created_at', 'code', 'uses_count', 'expires_at']) } };
export type PromotionsUrlState = typeof PROMOTIONS_URL_DEFAULTS;

export function promotionFiltersOf(state: PromotionsUrlState): PromotionListFilters {
  return { search: state.q, type: state.type, status: state.status };
}
