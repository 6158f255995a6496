// The commissions screen's URL state (filters, sort, page), read by the same parser in the route's
// loader and in the screen (parseUrlState / useUrlState with these defaults and options), and the
// list's filters it gives.
import { LIST_VIEW_DEFAULTS } from '@/lib/lists/paging.ts';
import { sortValues } from '@/lib/lists/sort.ts';
import type { CommissionFilters } from './commission-filters.ts';

export const COMMISSIONS_URL_DEFAULTS = { q: '', provider: '', service: '', from: '', to: '', ...LIST_VIEW_DEFAULTS };
export const COMMISSIONS_URL_OPTIONS = { allowed: { sort: sortValues(['final_price', 'platform_fee', 'created_at']) } };
export type CommissionsUrlState = typeof COMMISSIONS_URL_DEFAULTS;

export function commissionFiltersOf(state: CommissionsUrlState): CommissionFilters {
  return { search: state.q, providerId: state.provider, serviceId: state.service, from: state.from, to: state.to };
}
