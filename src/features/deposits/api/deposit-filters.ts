// Filters of the deposit history screen (URL) → arguments of admin_list_deposits /
// admin_deposit_stats: the finance filters (lib/finance-filters.ts) plus one status.
import { toProviderPeriodArgs, type ProviderPeriodArgs, type ProviderPeriodFilters } from '@/lib/finance-filters.ts';
import { isDepositStatus } from './deposit-rules.ts';

export interface DepositFilters extends ProviderPeriodFilters {
  status: string;
}

export interface DepositFilterArgs extends ProviderPeriodArgs {
  p_status?: string;
}

export function toDepositArgs(filters: DepositFilters): DepositFilterArgs {
  const args: DepositFilterArgs = toProviderPeriodArgs(filters);
  if (isDepositStatus(filters.status)) args.p_status = filters.status;
  return args;
}
