// One page of the audit log (newest first; cursors past the numbered pages) from admin_list_audit_log, with a total that is exact
// up to 10,000 entries and an estimate beyond.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { listPageQueryOptions } from '@/lib/lists/list-query.ts';
import type { ListView } from '@/lib/lists/paging.ts';
import { toAuditLogArgs, type AuditLogFilters } from './audit-log-filters.ts';
import { auditLogKeys } from './keys.ts';

export const auditLogRowSchema = z.object({
  id: z.pipe(z.union([z.number(), z.string()]), z.transform(String)),
  created_at: z.string(),
  table_name: z.string(),
  row_id: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  actor_id: z.nullable(z.string()),
  actor_email: z.nullable(z.string()),
  actor_name: z.nullable(z.string()),
});

export type AuditLogRow = z.output<typeof auditLogRowSchema>;

export function auditLogQueryOptions(filters: AuditLogFilters, view: ListView) {
  return listPageQueryOptions(auditLogKeys.list(filters, view), 'admin_list_audit_log', toAuditLogArgs(filters), view, auditLogRowSchema);
}

export function useAuditLog(filters: AuditLogFilters, view: ListView) {
  return useQuery(auditLogQueryOptions(filters, view));
}
