// The deposits screen's URL state (filters, sort, page), read by the same parser in the route's
// loader and in the screen (parseUrlState / useUrlState with these defaults and options), and the
// list's filters it gives.
import { LIST_VIEW_DEFAULTS } from '@/lib/lists/paging.ts';
import { sortValues } from '@/lib/lists/sort.ts';
import type { DepositFilters } from './deposit-filters.ts';

export const DEPOSITS_URL_DEFAULTS = { q: '', provider: '', status: '', from: '', to: '', ...LIST_VIEW_DEFAULTS };
export const DEPOSITS_URL_OPTIONS = { allowed: { sort: sortValues(['created_at', 'amount']) } };
export type DepositsUrlState = typeof DEPOSITS_URL_DEFAULTS;

export function depositFiltersOf(state: DepositsUrlState): DepositFilters {
  return { search: state.q, providerId: state.provider, status: state.status, from: state.from, to: state.to };
}
