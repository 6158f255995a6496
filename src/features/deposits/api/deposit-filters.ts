// Filters of the deposit history screen (URL) → arguments of admin_list_deposits /
// admin_deposit_stats: the finance filters (lib/lists/finance-filters.ts) plus one status.
import { toProviderPeriodArgs, type ProviderPeriodFilters } from '@/lib/lists/finance-filters.ts';
import { isDepositStatus } from './deposit-rules.ts';

export interface DepositFilters extends ProviderPeriodFilters {
  status: string;
}

export function toDepositArgs(filters: DepositFilters) {
  return { ...toProviderPeriodArgs(filters), ...(isDepositStatus(filters.status) ? { p_status: filters.status } : {}) };
}
