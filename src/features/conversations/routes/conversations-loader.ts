// The conversations page for the address's filters (its own URL parser).
import { listView } from '@/lib/lists/paging.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { conversationsQueryOptions } from '@/features/conversations/api/conversations-query.ts';
import { CONVERSATIONS_URL_DEFAULTS, CONVERSATIONS_URL_OPTIONS, conversationFiltersOf } from '@/features/conversations/api/conversations-url.ts';

export const load: ScreenLoader = ({ queryClient, url }) => {
  const state = parseUrlState(url.searchParams, CONVERSATIONS_URL_DEFAULTS, CONVERSATIONS_URL_OPTIONS);
  return queryClient.ensureQueryData(once(conversationsQueryOptions(conversationFiltersOf(state), listView(state))));
};
