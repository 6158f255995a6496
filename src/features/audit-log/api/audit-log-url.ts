// The audit-log screen's URL state (filters, sort, page), read by the same parser in the route's
// loader and in the screen (parseUrlState / useUrlState with these defaults and options), and the
// list's filters it gives.
import { LIST_VIEW_DEFAULTS } from '@/lib/lists/paging.ts';
import type { AuditLogFilters } from './audit-log-filters.ts';

export const AUDIT_LOG_URL_DEFAULTS = { table: '', actor: '', record: '', from: '', to: '', ...LIST_VIEW_DEFAULTS };
export const AUDIT_LOG_URL_OPTIONS = { allowed: { sort: [''] } };
export type AuditLogUrlState = typeof AUDIT_LOG_URL_DEFAULTS;

export function auditLogFiltersOf(state: AuditLogUrlState): AuditLogFilters {
  return { table: state.table, actor: state.actor, record: state.record, from: state.from, to: state.to };
}
