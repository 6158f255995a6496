// URL filters of the conversations list → admin_list_conversations arguments ('today' is since
// midnight in Vietnam, docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time).
import { isTimeRange, timeRangeStart } from '@/lib/format/format.ts';
import { textArg } from '@/lib/lists/search.ts';

export interface ConversationFilters {
  provider: string;
  customer: string;
  status: string;
  time: string;
}

export interface ConversationFilterArgs {
  p_provider_name?: string;
  p_customer_name?: string;
  p_status?: 'active' | 'completed';
  p_since?: string;
}

export function toConversationArgs(filters: ConversationFilters, now: Date = new Date()): ConversationFilterArgs {
  const args: ConversationFilterArgs = { ...textArg('p_provider_name', filters.provider), ...textArg('p_customer_name', filters.customer) };
  if (filters.status === 'active' || filters.status === 'completed') args.p_status = filters.status;
  const since = isTimeRange(filters.time) ? timeRangeStart(filters.time, now) : null;
  if (since !== null) args.p_since = since.toISOString();
  return args;
}
