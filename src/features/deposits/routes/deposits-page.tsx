// /admin/manage-deposit-history: stat cards for the current filters, filters in the URL, 50 rows
// a page from the server, inline edits of amount / old balance / new balance / status (a status
// change runs the database transition; the row then shows the provider's new balance and status),
// CSV export of every filtered row in the shown order; sort in the URL.
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { StatusFilter } from '@/components/ui/status-filter.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { FinanceListPage } from '@/components/domain/finance-list.tsx';
import { saveUnlessConflict } from '@/lib/errors/errors.ts';
import { formatDateTime, formatNumber, formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { listView } from '@/lib/lists/paging.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { DEPOSITS_URL_DEFAULTS as DEFAULTS, DEPOSITS_URL_OPTIONS as URL_OPTIONS, depositFiltersOf } from '@/features/deposits/api/deposits-url.ts';
import type { DepositFilters } from '@/features/deposits/api/deposit-filters.ts';
import { depositKeys } from '@/features/deposits/api/keys.ts';
import { useDepositStats } from '@/features/deposits/api/deposit-stats-query.ts';
import type { DepositRow } from '@/features/deposits/api/deposit-types.ts';
import { useDeposits } from '@/features/deposits/api/deposits-query.ts';
import { useUpdateDeposit, type DepositPatch } from '@/features/deposits/api/deposit-update-mutation.ts';
import type { DepositAmountField } from '@/features/deposits/api/deposit-amount-effect.ts';
import { BalanceReason } from '@/features/deposits/components/balance-reason.tsx';
import { DepositStatusEditor } from '@/features/deposits/components/deposit-status-editor.tsx';

const DEFAULT_SORT = 'created_at.desc';

// The amount editors (input, checks, the confirmation of old → new) are a lazy part
// (docs/architecture.md#lazy-parts): until their code arrives, right after the list's first paint,
// the amounts show as they are.
const DepositAmountEditor = lazy(async () => ({
  default: (await import('@/features/deposits/components/deposit-amount-editor.tsx')).DepositAmountEditor,
}));

/** Names a row for screen readers: when and whose deposit. */
function rowLabel(row: DepositRow): string {
  return `${formatDateTime(row.created_at)} – ${row.provider_name ?? t.unknownProvider(row.provider_id)}`;
}

export default function DepositsPage() {
  const [state, setState, reset] = useUrlState(DEFAULTS, URL_OPTIONS);
  const view = listView(state);
  const filters: DepositFilters = useMemo(() => depositFiltersOf(state), [state]);
  const stats = useDepositStats(filters);
  const list = useDeposits(filters, view);
  const update = useUpdateDeposit();

  // A conflict has been reported by a toast and the list reloads: close the editor quietly.
  const save = (row: DepositRow, patch: DepositPatch) => saveUnlessConflict(() => update.mutateAsync({ row, patch }));

  /** An amount the admin edits in place (amount, old or new balance) after a confirmation, labelled with its row. */
  const amountColumn = (
    key: string,
    header: string,
    field: DepositAmountField,
    patch: (amount: number) => DepositPatch,
    sortKey?: string,
  ): DataTableColumn<DepositRow> => ({
    key,
    header,
    align: 'right',
    className: 'whitespace-nowrap',
    ...(sortKey ? { sortKey } : {}),
    cell: (row) => (
      row.kind === 'adjustment' ? (
        // An adjustment is a ledger entry: written once, never edited (docs/decisions.md#money-only-through-the-ledger).
        <span className="tabular-nums">{formatVnd(row[field])}</span>
      ) : (
        <Suspense fallback={<span className="tabular-nums">{formatVnd(row[field])}</span>}>
          <DepositAmountEditor row={row} field={field} header={header} label={t.amountLabel(header, rowLabel(row))} onSave={(amount) => save(row, patch(amount))} />
        </Suspense>
      )
    ),
  });

  const columns: readonly DataTableColumn<DepositRow>[] = [
    {
      key: 'provider',
      header: t.columns.provider,
      cell: (row) => (
        <div className="min-w-40">
          <Link to={`/admin/providers/${row.provider_id}`} className="font-medium text-teal-800 hover:underline">
            <Highlight text={row.provider_name ?? t.unknownProvider(row.provider_id)} term={state.q} />
          </Link>
          {row.provider_email ? (
            <div className="text-xs text-slate-500">
              <Highlight text={row.provider_email} term={state.q} />
            </div>
          ) : null}
          {row.note ? (
            <div className="text-xs break-words text-slate-600" data-testid="deposit-note">
              {row.kind === 'adjustment' ? t.adjustmentNote(row.note) : row.note}
            </div>
          ) : null}
          <BalanceReason row={row} />
        </div>
      ),
    },
    amountColumn('amount', t.columns.amount, 'amount', (amount) => ({ amount }), 'amount'),
    amountColumn('old', t.columns.oldBalance, 'old_balance', (old_balance) => ({ old_balance })),
    amountColumn('new', t.columns.newBalance, 'new_balance', (new_balance) => ({ new_balance })),
    {
      key: 'status',
      header: t.columns.status,
      cell: (row) => (
        row.kind === 'adjustment' ? (
          <StatusBadge entity="deposit" status={row.status} />
        ) : (
          <DepositStatusEditor row={row} label={t.amountLabel(t.columns.status, rowLabel(row))} onSave={(status) => save(row, { status })} />
        )
      ),
    },
    {
      key: 'balance',
      header: t.columns.currentBalance,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <span className="tabular-nums" data-testid="provider-balance">
          {row.provider_balance === null ? '—' : formatVnd(row.provider_balance)}
        </span>
      ),
    },
    {
      key: 'provider_status',
      header: t.columns.providerStatus,
      cell: (row) => (row.provider_status ? <StatusBadge entity="provider" status={row.provider_status} /> : '—'),
    },
    { key: 'created', header: t.columns.createdAt, className: 'tabular-nums', sortKey: 'created_at', cell: (row) => formatDateTime(row.created_at) },
  ];

  const s = stats.data;
  const anyFilter = Boolean(filters.search || filters.providerId || filters.status || filters.from || filters.to);
  return (
    <FinanceListPage texts={t} state={state} setState={setState} reset={reset} list={list} columns={columns} filtered={anyFilter} defaultSort={DEFAULT_SORT}
      queryKey={depositKeys.all}
      // The export's code arrives with the first click on "Xuất CSV" (docs/architecture.md#lazy-parts).
      exportCsv={async (onProgress) => (await import('@/features/deposits/api/deposits-export.ts')).exportDepositsCsv(filters, state.sort, onProgress)}
      stats={stats}
      statsGrid="xl:grid-cols-5"
      cards={
        <>
          <StatCard label={t.stats.total} value={s ? formatVnd(s.total_amount) : '…'} hint={s ? t.stats.count(s.count) : undefined} />
          <StatCard label={t.stats.pending} tone="warning" value={s ? formatVnd(s.pending_amount) : '…'} hint={s ? t.stats.count(s.pending_count) : undefined} />
          <StatCard label={t.stats.completed} tone="success" value={s ? formatVnd(s.completed_amount) : '…'} hint={s ? t.stats.count(s.completed_count) : undefined} />
          <StatCard label={t.stats.canceled} tone="danger" value={s ? formatVnd(s.canceled_amount) : '…'} hint={s ? t.stats.count(s.canceled_count) : undefined} />
          <StatCard label={t.stats.transactions} tone="info" value={s ? formatNumber(s.count) : '…'} />
        </>
      }
      ownFilter={<StatusFilter entity="deposit" texts={t.filters} value={state.status} onChange={(status) => setState({ status })} />}
    />
  );
}
