// Filters of the commissions screen as they live in the URL, and their translation into the
// arguments of admin_list_commissions / admin_commission_stats. Dates are Vietnam calendar days
// (docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time): "from" is the first instant of that day, "to" the first instant of the next day.
import { vietnamDayBoundary } from '@/lib/format.ts';
import { isUuid } from '@/lib/search.ts';

export interface CommissionFilters {
  search: string;
  providerId: string;
  serviceId: string;
  from: string;
  to: string;
}

export interface CommissionFilterArgs {
  p_search?: string;
  p_provider_id?: string;
  p_subcategory_id?: string;
  p_from?: string;
  p_to?: string;
}

export function toCommissionArgs(filters: CommissionFilters): CommissionFilterArgs {
  const args: CommissionFilterArgs = {};
  const search = filters.search.trim();
  if (search !== '') args.p_search = search;
  if (isUuid(filters.providerId)) args.p_provider_id = filters.providerId;
  if (isUuid(filters.serviceId)) args.p_subcategory_id = filters.serviceId;
  const from = vietnamDayBoundary(filters.from);
  if (from !== null) args.p_from = from.toISOString();
  const to = vietnamDayBoundary(filters.to, true);
  if (to !== null) args.p_to = to.toISOString();
  return args;
}
