// The conversations screen's URL state (filters, sort, page), read by the same parser in the route's
// loader and in the screen (parseUrlState / useUrlState with these defaults and options), and the
// list's filters it gives.
import { TIME_RANGES } from '@/lib/format/format.ts';
import { LIST_VIEW_DEFAULTS } from '@/lib/lists/paging.ts';
import { sortValues } from '@/lib/lists/sort.ts';
import type { ConversationFilters } from './conversation-filters.ts';

export const CONVERSATIONS_URL_DEFAULTS = { provider: '', customer: '', status: '', time: 'all', ...LIST_VIEW_DEFAULTS };
export const CONVERSATIONS_URL_OPTIONS = { allowed: { time: TIME_RANGES as readonly string[], sort: sortValues(['last_message_at']) } };
/** The choices of the status filter (open or closed conversations), in the screen's order. */
export const CONVERSATION_STATUS_CHOICES = ['active', 'completed'] as const;
export type ConversationsUrlState = typeof CONVERSATIONS_URL_DEFAULTS;

export function conversationFiltersOf(state: ConversationsUrlState): ConversationFilters {
  return { provider: state.provider, customer: state.customer, status: state.status, time: state.time };
}
