// Query keys of the audit log feature: pages by filters.
import type { AuditLogFilters } from './audit-log-filters.ts';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  list: (filters: AuditLogFilters, page: number) => [...auditLogKeys.lists(), filters, page] as const,
};
