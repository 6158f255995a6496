// Query keys of the audit log feature: pages by filters and view (page, cursor).
import type { ListView } from '@/lib/lists/paging.ts';
import type { AuditLogFilters } from './audit-log-filters.ts';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  list: (filters: AuditLogFilters, view: ListView) => [...auditLogKeys.lists(), filters, view] as const,
};
