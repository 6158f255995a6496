// The audit log's page for the address's filters (its own URL parser).
import { listView } from '@/lib/lists/paging.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { parseUrlState } from '@/lib/lists/url-state.ts';
import { auditLogQueryOptions } from '@/features/audit-log/api/audit-log-query.ts';
import { AUDIT_LOG_URL_DEFAULTS, AUDIT_LOG_URL_OPTIONS, auditLogFiltersOf } from '@/features/audit-log/api/audit-log-url.ts';

export const load: ScreenLoader = ({ queryClient, url }) => {
  const state = parseUrlState(url.searchParams, AUDIT_LOG_URL_DEFAULTS, AUDIT_LOG_URL_OPTIONS);
  return queryClient.ensureQueryData(once(auditLogQueryOptions(auditLogFiltersOf(state), listView(state))));
};
