// /admin/audit-log, "Nhật ký thay đổi" (docs/screens.md#audit-log): every change recorded by the
// database, newest first, 50 a page from the server: when, who (name and e-mail, or "Hệ thống"),
// which table and record, the action and each changed column before → after. Filters (table,
// actor, record, period) live in the URL; an actor or a record can be picked from a row.
// Read-only: nothing on this screen changes the log.
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { DateRangeFilter, FilterBar, SearchInput, SelectFilter } from '@/components/ui/filter-bar.tsx';
import { ListPageHeader, ListTable, listViewProps, useListPaging } from '@/components/ui/paged-table.tsx';
import { formatDateTime } from '@/lib/format/format.ts';
import { auditLog as t } from '@/lib/messages/audit-log.ts';
import { listView } from '@/lib/lists/paging.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { AUDIT_LOG_URL_DEFAULTS as DEFAULTS, AUDIT_LOG_URL_OPTIONS as URL_OPTIONS, auditLogFiltersOf } from '@/features/audit-log/api/audit-log-url.ts';
import { auditChanges, formatAuditValue, type AuditLogFilters } from '@/features/audit-log/api/audit-log-filters.ts';
import { useAuditLog, type AuditLogRow } from '@/features/audit-log/api/audit-log-query.ts';
import { auditLogKeys } from '@/features/audit-log/api/keys.ts';

/** The audit log is read newest first only. */
const DEFAULT_SORT = 'created_at.desc';
const TABLE_OPTIONS = Object.entries(t.tables).map(([value, label]) => ({ value, label }));

function tableLabel(table: string): string {
  return t.tables[table] ?? table;
}

function Changes({ row }: { row: AuditLogRow }) {
  const changes = auditChanges(row.changes);
  if (changes.length === 0) return <span className="italic text-slate-500">{t.noChanges}</span>;
  return (
    <dl className="space-y-1 text-xs">
      {changes.map(({ column, before, after }) => (
        <div key={column} className="wrap-anywhere">
          <dt className="inline font-mono font-semibold text-slate-800">{column}: </dt>
          <dd className="inline">
            {row.action !== 'insert' ? (
              <>
                <del className="text-red-800">{formatAuditValue(before, t.emptyValue)}</del>
                <span aria-hidden="true"> → </span>
              </>
            ) : null}
            {row.action !== 'delete' ? <ins className="text-emerald-800 no-underline">{formatAuditValue(after, t.emptyValue)}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function AuditLogPage() {
  const [state, setState, reset] = useUrlState(DEFAULTS, URL_OPTIONS);
  const filters: AuditLogFilters = useMemo(() => auditLogFiltersOf(state), [state]);
  const list = useAuditLog(filters, listView(state));
  useListPaging(list, state.page, setState);

  const linkClass = 'text-left text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700';
  const columns: readonly DataTableColumn<AuditLogRow>[] = [
    { key: 'time', header: t.columns.time, className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.created_at) },
    {
      key: 'actor',
      header: t.columns.actor,
      cell: (row) =>
        row.actor_id === null ? (
          <span className="italic text-slate-600">{t.system}</span>
        ) : (
          <button type="button" className={linkClass} title={t.filterByActor} onClick={() => setState({ actor: row.actor_id ?? '' })}>
            <span className="block font-medium wrap-anywhere">{row.actor_name ?? row.actor_email ?? row.actor_id}</span>
            {row.actor_email && row.actor_name ? <span className="block text-xs text-slate-600">{row.actor_email}</span> : null}
          </button>
        ),
    },
    { key: 'table', header: t.columns.table, cell: (row) => tableLabel(row.table_name) },
    {
      key: 'record',
      header: t.columns.record,
      cell: (row) => (
        <button
          type="button"
          className={`${linkClass} font-mono text-xs break-all`}
          title={t.filterByRecord}
          onClick={() => setState({ table: row.table_name, record: row.row_id })}
        >
          {row.row_id}
        </button>
      ),
    },
    { key: 'action', header: t.columns.action, cell: (row) => t.actions[row.action] ?? row.action },
    { key: 'changes', header: t.columns.changes, className: 'min-w-64 max-w-xl', cell: (row) => <Changes row={row} /> },
  ];

  const anyFilter = Boolean(filters.table || filters.actor || filters.record || filters.from || filters.to);
  return (
    <div>
      <ListPageHeader texts={t} queryKey={auditLogKeys.all} />
      <FilterBar {...(anyFilter ? { onClear: reset } : {})}>
        <SelectFilter label={t.filters.table} value={state.table} allLabel={t.filters.allTables} options={TABLE_OPTIONS} onChange={(table) => setState({ table })} />
        <SearchInput label={t.filters.actor} value={state.actor} placeholder={t.filters.actorPlaceholder} onChange={(actor) => setState({ actor }, { replace: true })} />
        <SearchInput label={t.filters.record} value={state.record} placeholder={t.filters.recordPlaceholder} onChange={(record) => setState({ record }, { replace: true })} />
        <DateRangeFilter labels={t.filters} from={state.from} to={state.to} onChange={setState} refuseReversed={false} />
      </FilterBar>
      <ListTable list={list} texts={t} filtered={anyFilter} columns={columns} {...listViewProps(state, setState, DEFAULT_SORT, false)} />
    </div>
  );
}
