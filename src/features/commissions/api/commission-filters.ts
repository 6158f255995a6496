// Filters of the commissions screen as they live in the URL, and their translation into the
// arguments of admin_list_commissions / admin_commission_stats: the finance filters
// (lib/lists/finance-filters.ts) plus one service.
import { toProviderPeriodArgs, type ProviderPeriodFilters } from '@/lib/lists/finance-filters.ts';
import { isUuid } from '@/lib/lists/search.ts';

export interface CommissionFilters extends ProviderPeriodFilters {
  serviceId: string;
}

export function toCommissionArgs(filters: CommissionFilters) {
  return { ...toProviderPeriodArgs(filters), ...(isUuid(filters.serviceId) ? { p_subcategory_id: filters.serviceId } : {}) };
}
