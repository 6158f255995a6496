// The audit log's URL filters and their translation into admin_list_audit_log arguments: table,
// actor (e-mail or user id), record id and a period of Vietnam calendar days (the end day
// inclusive: "to" is the first instant of the day after).
import { vietnamPeriodArgs } from '@/lib/lists/finance-filters.ts';
import { isIsoDay } from '@/lib/format/format.ts';
import { textArg } from '@/lib/lists/search.ts';

export interface AuditLogFilters {
  table: string;
  actor: string;
  record: string;
  /** yyyy-mm-dd or ''. */
  from: string;
  to: string;
}

export function toAuditLogArgs(filters: AuditLogFilters) {
  // A side that is not a day that exists (?from=2026-02-31) is left out before anything else; a
  // period given backwards (yyyy-mm-dd compares as text) is read the right way round.
  const [from, to] = [filters.from, filters.to].map((day) => (isIsoDay(day) ? day : '')) as [string, string];
  const [first, last] = from !== '' && to !== '' && from > to ? [to, from] : [from, to];
  return {
    ...textArg('p_table', filters.table),
    ...textArg('p_actor', filters.actor),
    ...textArg('p_record', filters.record),
    ...vietnamPeriodArgs(first, last),
  };
}

/** A value of the diff as the screen shows it: text as is, null as "(trống)", anything else as JSON. */
export function formatAuditValue(value: unknown, empty: string): string {
  if (value === null || value === undefined) return empty;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The {column: [old, new]} diff of an entry, as pairs in column order. */
export function auditChanges(changes: Record<string, unknown>): { column: string; before: unknown; after: unknown }[] {
  return Object.keys(changes)
    .sort()
    .map((column) => {
      const pair = changes[column];
      const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
      return { column, before: before as unknown, after: after as unknown };
    });
}
