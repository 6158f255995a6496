// Filters of the deposit history screen (URL) → arguments of admin_list_deposits /
// admin_deposit_stats. Dates are Vietnam calendar days, the end day inclusive.
import { vietnamDayBoundary } from '@/lib/format.ts';
import { isUuid } from '@/lib/search.ts';
import { isDepositStatus } from './deposit-rules.ts';

export interface DepositFilters {
  search: string;
  providerId: string;
  status: string;
  from: string;
  to: string;
}

export interface DepositFilterArgs {
  p_search?: string;
  p_provider_id?: string;
  p_status?: string;
  p_from?: string;
  p_to?: string;
}

export function toDepositArgs(filters: DepositFilters): DepositFilterArgs {
  const args: DepositFilterArgs = {};
  const search = filters.search.trim();
  if (search !== '') args.p_search = search;
  if (isUuid(filters.providerId)) args.p_provider_id = filters.providerId;
  if (isDepositStatus(filters.status)) args.p_status = filters.status;
  const from = vietnamDayBoundary(filters.from);
  if (from !== null) args.p_from = from.toISOString();
  const to = vietnamDayBoundary(filters.to, true);
  if (to !== null) args.p_to = to.toISOString();
  return args;
}
